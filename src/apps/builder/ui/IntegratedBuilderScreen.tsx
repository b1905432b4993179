// /integrated-builder: any page of the site, opened from its payload (fetched from the page's own
// path), edited, and exported to the same path with a diff against the live file. ?route=/about opens
// one; a route the site does not have opens nothing and offers the site's pages instead.
import { useEffect, useState } from 'react';
import { payloadPathFor } from '../../../kernel/wire/output-paths.ts';
import { draftFromPayload, type Draft } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import type { PagePayload } from '../../../kernel/wire/payload.ts';
import type { BuilderSite, RouteFacts } from '../../../kernel/wire/builder-data.ts';
import { Notice, RestoreOffer } from './BlockBuilderScreen.tsx';
import { Builder } from './Builder.tsx';
import { PageHistory } from '../page-history/PageHistory.tsx';
import { newDraftId, queryParameter } from './screen.tsx';

type State =
  | { kind: 'choosing' }
  | { kind: 'unknown'; route: string }
  | { kind: 'loading'; route: string }
  | { kind: 'failed'; message: string }
  | { kind: 'offer'; draft: Draft; live: Draft }
  | { kind: 'editing'; draft: Draft; stored: boolean };

/**
 * Only the site's own pages open: ?route= must be one of the routes in builder-data.json, and the
 * payload's address is built from that route, never from the address bar, so a crafted link cannot
 * make the builder fetch and show a file from anywhere else.
 */
export function IntegratedBuilderScreen({ site, store }: { site: BuilderSite; store: DraftStore }) {
  const [wanted] = useState(() => queryParameter('route') || null);
  const known = wanted === null ? undefined : site.byRoute.get(wanted);
  const [state, setState] = useState<State>(() => (wanted !== null && !known ? { kind: 'unknown', route: wanted } : { kind: 'choosing' }));
  const [route, setRoute] = useState(() => known?.route ?? site.data.routes[0]?.route ?? '/');
  const [notice, setNotice] = useState('');

  const open = async (facts: RouteFacts) => {
    setState({ kind: 'loading', route: facts.route });
    try {
      const response = await fetch(`/${payloadPathFor(facts.route)}`);
      if (!response.ok) throw new Error(`The page ${facts.route} could not be loaded (${response.status}).`);
      const live = draftFromPayload((await response.json()) as PagePayload, newDraftId(), Date.now());
      const [earlier] = (await store.list()).filter((draft) => draft.origin?.route === facts.route);
      setState(earlier ? { kind: 'offer', draft: earlier, live } : { kind: 'editing', draft: live, stored: false });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  useEffect(() => {
    if (known) void open(known);
    // Opened once, from the address the page was loaded with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (state.kind === 'editing') {
    const reopen = (message: string) => {
      setNotice(`${message} This is the live page.`);
      const facts = state.draft.origin && site.byRoute.get(state.draft.origin.route);
      if (facts) void open(facts);
    };
    // A restored version differs from the live page: it is a draft at once, saved like any change.
    const restore = (draft: Draft) => void store.put(draft).then(() => setState({ kind: 'editing', draft, stored: true }));
    return (
      <>
        <Notice text={notice} />
        <PageHistory draft={state.draft} onRestore={restore} />
        <Builder key={state.draft.id} site={site} initial={state.draft} store={store} stored={state.stored} onDiscarded={reopen} />
      </>
    );
  }
  if (state.kind === 'offer') {
    return <RestoreOffer draft={state.draft} onRestore={() => setState({ kind: 'editing', draft: state.draft, stored: true })} onNew={() => setState({ kind: 'editing', draft: state.live, stored: false })} newLabel="Open the live page instead" />;
  }
  return (
    <form
      className="page-picker"
      onSubmit={(event) => {
        event.preventDefault();
        const facts = site.byRoute.get(route);
        if (!facts) return;
        const url = new URL(window.location.href);
        url.searchParams.set('route', facts.route);
        window.history.replaceState(null, '', url);
        void open(facts);
      }}
    >
      {state.kind === 'unknown' ? (
        <p className="notice" role="alert">
          There is no page {state.route} on this site. Choose one of the site’s pages below.
        </p>
      ) : null}
      <label htmlFor="page-picker">Page to edit</label>
      <select id="page-picker" value={route} onChange={(event) => setRoute(event.target.value)}>
        {site.data.routes.map((facts) => (
          <option key={facts.route} value={facts.route}>
            {facts.title} ({facts.route})
          </option>
        ))}
      </select>
      <button type="submit" className="button" disabled={state.kind === 'loading'}>
        Open the page
      </button>
      {state.kind === 'loading' ? <p role="status">Opening {state.route}…</p> : null}
      {state.kind === 'failed' ? (
        <p className="notice" role="alert">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
