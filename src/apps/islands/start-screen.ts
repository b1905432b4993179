/**
 * Hydrates an account screen with the Firebase services, made from the sign-in configuration the
 * build put on the mount element unless the caller already has them. The guarded screen is started
 * by src/apps/islands/guard-start.ts once someone is signed in; the sign-in screens by
 * src/apps/islands/sign-in-start.ts when they are needed.
 */
import { createElement, type ComponentType } from 'react';
import { firebaseServices } from '../account/firebase-services.ts';
import { pageConfig } from '../account/page-config.ts';
import type { ScreenProps } from '../../kernel/components/account/screen-props.ts';
import { ServicesContext, type AccountServices } from '../../kernel/components/account/services.ts';
import { hydrateWith } from './hydrate.ts';

interface Props extends ScreenProps {
  screen: ComponentType<ScreenProps>;
  services: AccountServices | null;
}

function WithServices({ screen, services, configured }: Props) {
  return createElement(ServicesContext, { value: services }, createElement(screen, { configured }));
}

/** Lets the browser handle input and paint between two pieces of start-up work: no long task. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function startScreen(
  element: HTMLElement,
  screen: ComponentType<ScreenProps>,
  started?: AccountServices,
): Promise<void> {
  let services = started;
  if (!services) {
    const config = pageConfig();
    // The build rendered the "not set up" state, which has nothing to do in the browser.
    if (!config) return;
    // Starting the SDK and hydrating are separate tasks, after the one that evaluated the modules.
    await nextTask();
    services = firebaseServices(config);
  }
  await nextTask();
  hydrateWith(WithServices)(element, { screen, services, configured: true });
}
