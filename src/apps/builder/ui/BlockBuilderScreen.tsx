// /experiments/block-builder/builder: a new page (or the draft the dashboard opened, ?draft=<id>).
// Reopened without one, it offers to restore the draft last edited here.
import { useEffect, useState } from 'react';
import { newDraft, type Draft } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';
import { Builder } from './Builder.tsx';
import { newDraftId, queryParameter } from './screen.tsx';

type State = { kind: 'loading' } | { kind: 'offer'; draft: Draft } | { kind: 'editing'; draft: Draft } | { kind: 'missing'; id: string };

export function BlockBuilderScreen({ site, store }: { site: BuilderSite; store: DraftStore }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const wanted = queryParameter('draft');
    void (async () => {
      if (wanted) {
        const draft = await store.get(wanted);
        setState(draft ? { kind: 'editing', draft } : { kind: 'missing', id: wanted });
        return;
      }
      const [latest] = (await store.list()).filter((draft) => !draft.origin);
      setState(latest ? { kind: 'offer', draft: latest } : { kind: 'editing', draft: newDraft('page', newDraftId(), Date.now()) });
    })();
  }, [store]);

  switch (state.kind) {
    case 'loading':
      return <p role="status">Looking for your drafts…</p>;
    case 'missing':
      return (
        <p className="notice" role="alert">
          There is no draft “{state.id}” in this browser. <a href="/test-builder-dashboard">See your drafts</a>.
        </p>
      );
    case 'offer':
      return <RestoreOffer draft={state.draft} onRestore={() => setState({ kind: 'editing', draft: state.draft })} onNew={() => setState({ kind: 'editing', draft: newDraft('page', newDraftId(), Date.now()) })} />;
    case 'editing':
      return <Builder site={site} initial={state.draft} store={store} />;
  }
}

export function RestoreOffer({ draft, onRestore, onNew, newLabel = 'Start a new page' }: { draft: Draft; onRestore(): void; onNew(): void; newLabel?: string }) {
  const title = String(draft.data.title || draft.data.heading || 'Untitled page');
  return (
    <section className="restore-offer" aria-labelledby="restore-heading">
      <h2 id="restore-heading">Restore your draft?</h2>
      <p>
        You were editing “{title}”, last changed on {new Date(draft.updated).toLocaleString('en-GB')}. It is saved in this browser.
      </p>
      <div className="export-actions">
        <button type="button" className="button" onClick={onRestore}>
          Restore the draft
        </button>
        <button type="button" className="button button-secondary" onClick={onNew}>
          {newLabel}
        </button>
      </div>
    </section>
  );
}
