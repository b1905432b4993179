import type { ComponentType } from 'react';
import type { ScreenName } from '../../wire/screen-names.ts';
import { GuardedScreen } from './GuardedScreen.tsx';
import { LoginScreen } from './LoginScreen.tsx';
import { RegisterScreen } from './RegisterScreen.tsx';
import { ResetPasswordScreen } from './ResetPasswordScreen.tsx';
import type { ScreenProps } from './screen-props.ts';

export const SCREENS: Record<ScreenName, ComponentType<ScreenProps>> = {
  login: LoginScreen,
  register: RegisterScreen,
  'reset-password': ResetPasswordScreen,
  guarded: GuardedScreen,
  // The build renders the guard's checking state; src/apps/islands/screen-admin.ts adds the admin screen in the browser.
  admin: GuardedScreen,
};

/**
 * The element an account screen hydrates (src/apps/islands/screen-<name>.ts), rendered by the app
 * shell in the screen's first state. Hidden where scripts do not run: the shell's notice says why.
 */
export function AccountScreen({ screen, configured }: { screen: ScreenName } & ScreenProps) {
  const Screen = SCREENS[screen];
  return (
    <div className="account-screen" data-screen={screen}>
      <Screen configured={configured} />
    </div>
  );
}
