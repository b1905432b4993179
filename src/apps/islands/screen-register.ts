// The "register" sign-in screen: imported by src/apps/islands/sign-in-start.ts when the page needs it.
import { RegisterScreen } from '../../kernel/components/account/RegisterScreen.tsx';
import { startScreen } from './start-screen.ts';

export const mount = (element: HTMLElement) => startScreen(element, RegisterScreen);
