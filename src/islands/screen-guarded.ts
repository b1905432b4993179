// The "guarded" account screen's entry: loaded only by the pages that mount it (src/render/layout-parts.ts).
import { GuardedScreen } from '../account/screens/GuardedScreen.tsx';
import { startScreen } from './start-screen.ts';

void startScreen(GuardedScreen);
