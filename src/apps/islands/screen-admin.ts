// The admin screen: imported by src/apps/islands/guard-start.ts once someone is signed in. The guard
// decides; an administrator gets what is live, the content's health and the media library, whose
// Storage SDK (admin-storage.ts) loads alongside, in a task of its own.
import { createElement, Suspense, use } from 'react';
import { pageConfig } from '../account/page-config.ts';
import { GuardedScreen } from '../../kernel/components/account/GuardedScreen.tsx';
import type { ScreenProps } from '../../kernel/components/account/screen-props.ts';
import type { AccountServices } from '../../kernel/components/account/services.ts';
import { AdminLoading } from '../admin/AdminLoading.tsx';
import { AdminScreen } from '../admin/AdminScreen.tsx';
import type { MediaLibrary } from '../media/library.ts';
import { startScreen } from './start-screen.ts';

export function mount(element: HTMLElement, services: AccountServices) {
  const config = pageConfig()!;
  const library = import('./admin-storage.ts').then(({ firebaseLibrary }) =>
    firebaseLibrary(config),
  );
  const WithLibrary = () => createElement(AdminScreen, { library: use<MediaLibrary>(library) });
  // Until the SDK has arrived the administrator sees a box like the guard's checking one: nothing moves.
  const Admin = (props: ScreenProps) =>
    createElement(
      GuardedScreen,
      props,
      createElement(
        Suspense,
        { fallback: createElement(AdminLoading) },
        createElement(WithLibrary),
      ),
    );
  return startScreen(element, Admin, services);
}
