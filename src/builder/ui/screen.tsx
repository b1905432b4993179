// How a builder screen starts: behind the auth-client guard (src/account/screens/GuardedScreen.tsx),
// mounted into the app shell's #app-root (templates/app-shell.tsx) in place of the checking state
// the build rendered, and shown to an administrator once the site data has loaded.
import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { FirebaseWebConfig } from '../../account/config.ts';
import { firebaseServices } from '../../account/firebase-services.ts';
import { configJsonOnPage, MISSING_CONFIG_ERROR } from '../../account/missing-config.ts';
import { GuardedScreen } from '../../account/screens/GuardedScreen.tsx';
import { ServicesContext } from '../../account/services.ts';
import { IndexedDbDraftStore, type DraftStore } from '../draft-store.ts';
import type { BuilderSite } from '../site-data.ts';
import { loadSiteData } from './site-data-client.ts';

export function mountScreen(screen: (services: { site: BuilderSite; store: DraftStore }) => ReactNode): void {
  const element = document.getElementById('app-root');
  if (!element) return;
  const json = configJsonOnPage();
  if (!json) {
    // The build rendered the "sign-in is not set up" state, which stays.
    console.error(MISSING_CONFIG_ERROR);
    return;
  }
  const services = firebaseServices(JSON.parse(json) as FirebaseWebConfig);
  createRoot(element).render(
    <StrictMode>
      <ServicesContext value={services}>
        <GuardedScreen configured>
          <BuilderRoot element={element} screen={screen} />
        </GuardedScreen>
      </ServicesContext>
    </StrictMode>,
  );
}

const store = new IndexedDbDraftStore();

/** The builder's screen, once the guard has let an administrator in. */
function BuilderRoot({ element, screen }: { element: HTMLElement; screen: (services: { site: BuilderSite; store: DraftStore }) => ReactNode }) {
  useEffect(() => element.classList.add('builder-root'), [element]);
  return <WithSiteData screen={screen} />;
}

function WithSiteData({ screen }: { screen: (services: { site: BuilderSite; store: DraftStore }) => ReactNode }) {
  const [state, setState] = useState<{ site: BuilderSite } | { error: string } | null>(null);
  useEffect(() => {
    loadSiteData().then(
      (site) => setState({ site }),
      (error: unknown) => setState({ error: error instanceof Error ? error.message : String(error) }),
    );
  }, []);
  if (state === null) return <p className="builder-loading" role="status">Loading the site’s pages and blocks…</p>;
  if ('error' in state) return <p className="notice" role="alert">{state.error} Reload the page to try again.</p>;
  return <>{screen({ site: state.site, store })}</>;
}

/** The value of a query parameter of this page. */
export const queryParameter = (name: string) => new URLSearchParams(window.location.search).get(name);

export const newDraftId = () => `draft-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
