// The "register" account screen's entry: loaded only by the pages that mount it (src/render/layout-parts.ts).
import { RegisterScreen } from '../account/screens/RegisterScreen.tsx';
import { startScreen } from './start-screen.ts';

void startScreen(RegisterScreen);
