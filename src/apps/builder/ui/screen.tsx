// How a builder screen starts: behind the auth-client guard (src/apps/account/start-guarded.ts, as
// every guarded screen starts, then GuardedScreen's role check), mounted into the app shell's
// #app-root in place of the checking state the build rendered, and shown to an administrator once
// the site data has loaded.
import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { pageConfig } from '../../account/page-config.ts';
import { startGuarded } from '../../account/start-guarded.ts';
import { GuardedScreen } from '../../../kernel/components/account/GuardedScreen.tsx';
import { ServicesContext } from '../../../kernel/components/account/services.ts';
import type { LibraryReader } from '../../media/firebase-library.ts';
import { describeStorageError } from '../../media/storage-errors.ts';
import { IndexedDbDraftStore, MirroredDraftStore, type DraftStore } from '../draft-store.ts';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';
import { LibraryContext } from './library-context.ts';
import { loadSiteData } from './site-data-client.ts';

export function mountScreen(screen: Screen): void {
  const element = document.getElementById('app-root');
  const config = element && pageConfig();
  if (!element || !config) return;
  // The Storage SDK is its own entry (src/apps/builder/bucket-services.ts), fetched while the guard decides.
  const bucket = import('../bucket-services.ts').then(({ bucketServices }) =>
    bucketServices(config),
  );
  const store = new MirroredDraftStore(
    new IndexedDbDraftStore(),
    bucket.then(({ drafts }) => drafts),
    (error) => describeStorageError(error).message,
  );
  // A hidden tab may be closed next: what waits for the bucket goes now (it is in this browser already).
  document.addEventListener(
    'visibilitychange',
    () => document.visibilityState === 'hidden' && void store.flush(),
  );
  const library = bucket.then(
    ({ library: media }) => media,
    () => null,
  );
  void startGuarded((services) =>
    createRoot(element).render(
      <StrictMode>
        <ServicesContext value={services}>
          <GuardedScreen configured>
            <BuilderRoot element={element} screen={screen} store={store} library={library} />
          </GuardedScreen>
        </ServicesContext>
      </StrictMode>,
    ),
  );
}

/** The builder's screen, once the guard has let an administrator in. */
function BuilderRoot({
  element,
  screen,
  store,
  library,
}: {
  element: HTMLElement;
  screen: Screen;
  store: DraftStore;
  library: Promise<LibraryReader | null>;
}) {
  useEffect(() => element.classList.add('builder-root'), [element]);
  const [media, setMedia] = useState<LibraryReader | null>(null);
  useEffect(() => void library.then(setMedia), [library]);
  return (
    <LibraryContext value={media}>
      <WithSiteData screen={screen} store={store} />
    </LibraryContext>
  );
}

type Screen = (services: { site: BuilderSite; store: DraftStore }) => ReactNode;

function WithSiteData({ screen, store }: { screen: Screen; store: DraftStore }) {
  const [state, setState] = useState<{ site: BuilderSite } | { error: string } | null>(null);
  useEffect(() => {
    loadSiteData().then(
      (site) => setState({ site }),
      (error: unknown) =>
        setState({ error: error instanceof Error ? error.message : String(error) }),
    );
  }, []);
  if (state === null)
    return (
      <p className="builder-loading">
        <output>Loading the site’s pages and blocks…</output>
      </p>
    );
  if ('error' in state)
    return (
      <p className="notice" role="alert">
        {state.error} Reload the page to try again.
      </p>
    );
  return <>{screen({ site: state.site, store })}</>;
}

/** The value of a query parameter of this page. */
export const queryParameter = (name: string) =>
  new URLSearchParams(window.location.search).get(name);

export const newDraftId = () =>
  `draft-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
