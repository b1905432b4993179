import type { ComponentType } from 'react';
import { SCREENS, type ScreenName, type ScreenSpec } from '../../wire/screens.ts';
import { GuardedScreen } from './GuardedScreen.tsx';
import { LoginScreen } from './LoginScreen.tsx';
import { RegisterScreen } from './RegisterScreen.tsx';
import { ResetPasswordScreen } from './ResetPasswordScreen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** What the build renders of each screen before it starts: a sign-in form, or the guard's checking state (the admin and builder screens are added in the browser). */
const FIRST_STATES: Record<ScreenSpec['first'], ComponentType<ScreenProps>> = {
  login: LoginScreen,
  register: RegisterScreen,
  'reset-password': ResetPasswordScreen,
  guarded: GuardedScreen,
  admin: GuardedScreen,
};

/**
 * The element an account screen hydrates (src/apps/islands/screen-<name>.ts), rendered by the app
 * shell in the screen's first state. Hidden where scripts do not run: the shell's notice says why.
 */
export function AccountScreen({ screen, configured }: { screen: ScreenName } & ScreenProps) {
  const { first } = SCREENS[screen];
  const Screen = FIRST_STATES[first];
  return (
    <div className="account-screen" data-screen={first}>
      <Screen configured={configured} />
    </div>
  );
}
