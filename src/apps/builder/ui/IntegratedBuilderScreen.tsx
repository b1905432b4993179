// /integrated-builder: any page of the site, opened from its payload (fetched from the page's own
// path), edited, and exported to the same path with a diff against the live file. ?route=/about opens
// one; a route the site does not have opens nothing and offers the site's pages instead. A page
// with a proposal waiting says so (who, what, when) and offers to continue from it or from the
// live version; what is proposed from the live version is joined with it on the server. Opened from
// a change (?change=<id>: "Add another page to this change"), what is proposed goes into it.
import { useEffect, useMemo, useState } from 'react';
import type { Proposal } from '../../../kernel/wire/proposals.ts';
import { useServices } from '../../../kernel/components/account/services.ts';
import { formatTime } from '../../shared/format.ts';
import { proposalsClient } from '../../shared/proposals-client.ts';
import { payloadPathFor } from '../../../kernel/wire/output-paths.ts';
import { adoptVersion, draftFromPayload, type Draft } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import type { PagePayload } from '../../../kernel/wire/payload.ts';
import type { BuilderSite, RouteFacts } from '../../../kernel/wire/builder-data.ts';
import { Notice, RestoreOffer } from './restore-offer.tsx';
import { Builder } from './Builder.tsx';
import { PageHistory } from '../page-history/PageHistory.tsx';
import { newDraftId, queryParameter } from './screen.tsx';

type State =
  | { kind: 'choosing' }
  | { kind: 'unknown'; route: string }
  | { kind: 'loading'; route: string }
  | { kind: 'failed'; message: string }
  | { kind: 'offer'; draft: Draft; live: Draft; waiting?: Proposal }
  | { kind: 'proposed'; live: Draft; waiting: Proposal }
  | { kind: 'editing'; draft: Draft; stored: boolean; waiting?: Proposal };

/**
 * Only the site's own pages open: ?route= must be one of the routes in builder-data.json, and the
 * payload's address is built from that route, never from the address bar, so a crafted link cannot
 * make the builder fetch and show a file from anywhere else.
 */
export function IntegratedBuilderScreen({ site, store }: { site: BuilderSite; store: DraftStore }) {
  const [wanted] = useState(() => queryParameter('route') || null);
  const [change] = useState(() => queryParameter('change') || undefined);
  const known = wanted === null ? undefined : site.byRoute.get(wanted);
  const [state, setState] = useState<State>(() =>
    wanted !== null && !known ? { kind: 'unknown', route: wanted } : { kind: 'choosing' },
  );
  const [route, setRoute] = useState(() => known?.route ?? site.data.routes[0]?.route ?? '/');
  const [notice, setNotice] = useState('');
  const services = useServices();
  const client = useMemo(() => services && proposalsClient(services), [services]);

  const open = async (facts: RouteFacts) => {
    setState({ kind: 'loading', route: facts.route });
    try {
      const response = await fetch(`/${payloadPathFor(facts.route)}`);
      if (!response.ok)
        throw new Error(`The page ${facts.route} could not be loaded (${response.status}).`);
      const live = draftFromPayload(
        (await response.json()) as PagePayload,
        newDraftId(),
        Date.now(),
      );
      // Who else is on this page: a proposal of its file waiting to be published (none known if the API cannot say).
      const [drafts, proposals] = await Promise.all([
        store.list(),
        client ? client.list().catch(() => []) : [],
      ]);
      const [earlier] = drafts.filter((draft) => draft.origin?.route === facts.route);
      const waiting = proposals.find(
        (proposal) =>
          proposal.commit && proposal.pages.some((page) => page.path === live.origin?.path),
      );
      if (earlier)
        setState({ kind: 'offer', draft: earlier, live, ...(waiting ? { waiting } : {}) });
      else
        setState(
          waiting
            ? { kind: 'proposed', live, waiting }
            : { kind: 'editing', draft: live, stored: false },
        );
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  /** The waiting proposal's version of the page, as a draft of the live page made from it. */
  const continueFrom = async (live: Draft, waiting: Proposal) => {
    try {
      const file = await client!.version(live.origin!.path, waiting.commit!);
      setState({
        kind: 'editing',
        draft: adoptVersion(live, file, Date.now()),
        stored: false,
        waiting,
      });
    } catch (error) {
      setState({
        kind: 'failed',
        message: `The proposal’s version could not be opened: ${error instanceof Error ? error.message : String(error)}`,
      });
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
    const restore = (draft: Draft) =>
      void store.put(draft).then(() => setState({ kind: 'editing', draft, stored: true }));
    return (
      <>
        <Notice text={notice} />
        {state.waiting ? <WaitingNote waiting={state.waiting} /> : null}
        <PageHistory draft={state.draft} onRestore={restore} />
        <Builder
          key={state.draft.id}
          site={site}
          initial={state.draft}
          store={store}
          stored={state.stored}
          onDiscarded={reopen}
          change={change}
        />
      </>
    );
  }
  if (state.kind === 'offer') {
    const { waiting } = state;
    return (
      <RestoreOffer
        draft={state.draft}
        onRestore={() =>
          setState({
            kind: 'editing',
            draft: state.draft,
            stored: true,
            ...(waiting ? { waiting } : {}),
          })
        }
        onNew={() =>
          setState(
            waiting
              ? { kind: 'proposed', live: state.live, waiting }
              : { kind: 'editing', draft: state.live, stored: false },
          )
        }
        newLabel="Open the live page instead"
      />
    );
  }
  if (state.kind === 'proposed') {
    const { live, waiting } = state;
    return (
      <section className="restore-offer" aria-labelledby="waiting-heading">
        <h2 id="waiting-heading">Someone else is changing this page</h2>
        <WaitingLine waiting={waiting} />
        <div className="export-actions">
          <button type="button" className="button" onClick={() => void continueFrom(live, waiting)}>
            Continue from that proposal
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setState({ kind: 'editing', draft: live, stored: false, waiting })}
          >
            Open the live version
          </button>
        </div>
        <p>
          From the live version, what you propose is joined with their change when the two touch
          different lines; if they touch the same lines, you are shown theirs first.
        </p>
      </section>
    );
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
      {change ? (
        <p>
          Choose the page to add to the change: what you propose goes into it, checked and published
          with its other pages.
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
      {state.kind === 'loading' ? (
        <p>
          <output>Opening {state.route}…</output>
        </p>
      ) : null}
      {state.kind === 'failed' ? (
        <p className="notice" role="alert">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}

/** Who proposed a change of this page, what it is and when, not published yet. */
const WaitingLine = ({ waiting }: { waiting: Proposal }) => (
  <p>
    {waiting.author} proposed “{waiting.summary}”, last changed {formatTime(waiting.updated)}. It is
    not published yet.
  </p>
);

/** Said above the builder while a proposal of the page is waiting. */
const WaitingNote = ({ waiting }: { waiting: Proposal }) => (
  <div className="builder-notice" role="note">
    <WaitingLine waiting={waiting} />
  </div>
);
