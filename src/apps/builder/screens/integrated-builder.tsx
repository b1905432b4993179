import { IntegratedBuilderScreen } from '../ui/IntegratedBuilderScreen.tsx';
import { mountScreen } from '../ui/screen.tsx';

mountScreen((services) => <IntegratedBuilderScreen {...services} />);
