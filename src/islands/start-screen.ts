/**
 * Starts an account screen (each src/islands/screen-<name>.ts entry calls this): reads the
 * sign-in configuration the build put on the mount element (data-firebase, JSON), and hydrates the
 * screen with the Firebase services. It runs as the page loads, not when the visitor first acts
 * like the layout's widgets: the screen must know at once who is signed in.
 */
import { createElement, type ComponentType } from 'react';
import type { FirebaseWebConfig } from '../account/config.ts';
import { firebaseServices } from '../account/firebase-services.ts';
import type { ScreenProps } from '../account/screens/screen-props.ts';
import { ServicesContext, type AccountServices } from '../account/services.ts';
import { hydrateWith } from './hydrate.ts';

/** Spec §8, "Missing backend API key: logged as an error". Logged once per page. */
export const MISSING_CONFIG_ERROR =
  'Missing backend API key: sign-in is not set up on this build. Set FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_PROJECT_ID, FIREBASE_STORAGE_BUCKET and FIREBASE_APP_ID in the build environment (see the README).';

interface Props extends ScreenProps {
  screen: ComponentType<ScreenProps>;
  services: AccountServices | null;
}

function WithServices({ screen, services, configured }: Props) {
  return createElement(ServicesContext, { value: services }, createElement(screen, { configured }));
}

/** Lets the browser handle input and paint between two pieces of start-up work: no long task. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function startScreen(screen: ComponentType<ScreenProps>): Promise<void> {
  const element = document.querySelector<HTMLElement>('[data-screen]');
  if (!element) return;
  const json = document.getElementById('app-root')?.dataset.firebase;
  const config = json ? (JSON.parse(json) as FirebaseWebConfig) : null;
  if (!config) console.error(MISSING_CONFIG_ERROR);
  // Evaluating the modules, starting the SDK and hydrating are three tasks, not one long one.
  await nextTask();
  const services = config ? firebaseServices(config) : null;
  await nextTask();
  hydrateWith(WithServices)(element, { screen, services, configured: config !== null });
}
