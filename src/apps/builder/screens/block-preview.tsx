import { PreviewScreen } from '../ui/PreviewScreen.tsx';
import { mountScreen } from '../ui/screen.tsx';

mountScreen((services) => <PreviewScreen {...services} />);
