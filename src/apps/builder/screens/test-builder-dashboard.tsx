import { DashboardScreen } from '../ui/DashboardScreen.tsx';
import { mountScreen } from '../ui/screen.tsx';

mountScreen((services) => <DashboardScreen {...services} />);
