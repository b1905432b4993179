// /integrated-builder: any page of the site, opened from its payload (fetched from the page's own
// path), edited, and exported to the same path with a diff against the live file. ?route=/about opens one.
import { useEffect, useState } from 'react';
import { payloadPathFor } from '../../../kernel/wire/output-paths.ts';
import { draftFromPayload, type Draft } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import type { PagePayload } from '../../../kernel/wire/payload.ts';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';
import { RestoreOffer } from './BlockBuilderScreen.tsx';
import { Builder } from './Builder.tsx';
import { newDraftId, queryParameter } from './screen.tsx';

type State = { kind: 'choosing' } | { kind: 'loading'; route: string } | { kind: 'failed'; message: string } | { kind: 'offer'; draft: Draft; live: Draft } | { kind: 'editing'; draft: Draft };

export function IntegratedBuilderScreen({ site, store }: { site: BuilderSite; store: DraftStore }) {
  const [state, setState] = useState<State>({ kind: 'choosing' });
  const [route, setRoute] = useState(() => queryParameter('route') ?? site.data.routes[0]?.route ?? '/');

  const open = async (wanted: string) => {
    setState({ kind: 'loading', route: wanted });
    try {
      const response = await fetch(`/${payloadPathFor(wanted)}`);
      if (!response.ok) throw new Error(`The page ${wanted} could not be loaded (${response.status}).`);
      const live = draftFromPayload((await response.json()) as PagePayload, newDraftId(), Date.now());
      const [earlier] = (await store.list()).filter((draft) => draft.origin?.route === wanted);
      setState(earlier ? { kind: 'offer', draft: earlier, live } : { kind: 'editing', draft: live });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  useEffect(() => {
    if (queryParameter('route')) void open(route);
    // Opened once, from the address the page was loaded with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (state.kind === 'editing') return <Builder site={site} initial={state.draft} store={store} />;
  if (state.kind === 'offer') {
    return <RestoreOffer draft={state.draft} onRestore={() => setState({ kind: 'editing', draft: state.draft })} onNew={() => setState({ kind: 'editing', draft: state.live })} newLabel="Open the live page instead" />;
  }
  return (
    <form
      className="page-picker"
      onSubmit={(event) => {
        event.preventDefault();
        const url = new URL(window.location.href);
        url.searchParams.set('route', route);
        window.history.replaceState(null, '', url);
        void open(route);
      }}
    >
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
