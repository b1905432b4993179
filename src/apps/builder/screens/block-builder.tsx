import { BlockBuilderScreen } from '../ui/BlockBuilderScreen.tsx';
import { mountScreen } from '../ui/screen.tsx';

mountScreen((services) => <BlockBuilderScreen {...services} />);
