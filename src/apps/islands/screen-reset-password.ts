// The "reset-password" sign-in screen: imported by src/apps/islands/sign-in-start.ts when the page needs it.
import { ResetPasswordScreen } from '../../kernel/components/account/ResetPasswordScreen.tsx';
import { startScreen } from './start-screen.ts';

export const mount = (element: HTMLElement) => startScreen(element, ResetPasswordScreen);
