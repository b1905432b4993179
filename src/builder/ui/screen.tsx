// How a builder screen starts: it is mounted into the app shell's #app-root (templates/app-shell.tsx)
// once the site data has loaded. The screens know nothing of sign-in: the auth-client guard wraps them.
import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { IndexedDbDraftStore, type DraftStore } from '../draft-store.ts';
import type { BuilderSite } from '../site-data.ts';
import { loadSiteData } from './site-data-client.ts';

export function mountScreen(screen: (services: { site: BuilderSite; store: DraftStore }) => ReactNode): void {
  const element = document.getElementById('app-root');
  if (!element) return;
  element.classList.add('builder-root');
  createRoot(element).render(
    <StrictMode>
      <WithSiteData screen={screen} />
    </StrictMode>,
  );
}

const store = new IndexedDbDraftStore();

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
