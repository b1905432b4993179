// The admin screen: imported by src/islands/guard-start.ts once someone is signed in. The guard
// decides; an administrator gets what is live, the content's health and the media library.
import { createElement } from 'react';
import type { FirebaseWebConfig } from '../account/config.ts';
import { configJsonOnPage } from '../account/missing-config.ts';
import { GuardedScreen } from '../account/screens/GuardedScreen.tsx';
import type { ScreenProps } from '../account/screens/screen-props.ts';
import type { AccountServices } from '../account/services.ts';
import { AdminScreen } from '../admin/AdminScreen.tsx';
import { firebaseLibrary } from '../media/firebase-library.ts';
import { startScreen } from './start-screen.ts';

export function mount(element: HTMLElement, services: AccountServices) {
  const library = firebaseLibrary(JSON.parse(configJsonOnPage()!) as FirebaseWebConfig);
  const Admin = (props: ScreenProps) => createElement(GuardedScreen, props, createElement(AdminScreen, { library }));
  return startScreen(element, Admin, services);
}
