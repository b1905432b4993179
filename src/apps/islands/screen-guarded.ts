// The guarded screen: imported by src/apps/islands/guard-start.ts once someone is signed in.
import type { AccountServices } from '../../kernel/components/account/services.ts';
import { GuardedScreen } from '../../kernel/components/account/GuardedScreen.tsx';
import { startScreen } from './start-screen.ts';

export const mount = (element: HTMLElement, services: AccountServices) =>
  startScreen(element, GuardedScreen, services);
