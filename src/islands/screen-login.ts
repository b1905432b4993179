// The "login" account screen's entry: loaded only by the pages that mount it (src/render/layout-parts.ts).
import { LoginScreen } from '../account/screens/LoginScreen.tsx';
import { startScreen } from './start-screen.ts';

void startScreen(LoginScreen);
