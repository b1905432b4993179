// The "login" sign-in screen: imported by src/apps/islands/sign-in-start.ts when the page needs it.
import { LoginScreen } from '../../kernel/components/account/LoginScreen.tsx';
import { startScreen } from './start-screen.ts';

export const mount = (element: HTMLElement) => startScreen(element, LoginScreen);
