// The "reset-password" account screen's entry: loaded only by the pages that mount it (src/render/layout-parts.ts).
import { ResetPasswordScreen } from '../account/screens/ResetPasswordScreen.tsx';
import { startScreen } from './start-screen.ts';

void startScreen(ResetPasswordScreen);
