// /experiments/block-builder/builder: a new page (?template=service or area for one laid out like
// the site's), or the draft the dashboard opened (?draft=<id>). Reopened without either, it offers
// to restore the draft last edited here. Nothing is saved until the first change.
import { useEffect, useState } from 'react';
import { newDraft, TEMPLATES, type Draft, type TemplateName } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';
import { Builder } from './Builder.tsx';
import { newDraftId, queryParameter } from './screen.tsx';

type State = { kind: 'loading' } | { kind: 'offer'; draft: Draft } | { kind: 'editing'; draft: Draft; stored: boolean } | { kind: 'missing'; id: string };

/** The template the address asks for, else a blank page. */
const templateOf = (name: string | null): TemplateName => (name && name in TEMPLATES ? (name as TemplateName) : 'page');
const fresh = (): State => ({ kind: 'editing', draft: newDraft(templateOf(queryParameter('template')), newDraftId(), Date.now()), stored: false });

export function BlockBuilderScreen({ site, store }: { site: BuilderSite; store: DraftStore }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [notice, setNotice] = useState('');
  useEffect(() => {
    const wanted = queryParameter('draft');
    void (async () => {
      if (wanted) {
        const draft = await store.get(wanted);
        setState(draft ? { kind: 'editing', draft, stored: true } : { kind: 'missing', id: wanted });
        return;
      }
      if (queryParameter('template')) return setState(fresh());
      const [latest] = (await store.list()).filter((draft) => !draft.origin);
      setState(latest ? { kind: 'offer', draft: latest } : fresh());
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
      return <RestoreOffer draft={state.draft} onRestore={() => setState({ kind: 'editing', draft: state.draft, stored: true })} onNew={() => setState(fresh())} />;
    case 'editing':
      return (
        <>
          <Notice text={notice} />
          <Builder
            key={state.draft.id}
            site={site}
            initial={state.draft}
            store={store}
            stored={state.stored}
            onDiscarded={(message) => {
              setNotice(`${message} This is a new page.`);
              setState(fresh());
            }}
          />
        </>
      );
  }
}

/** What became of the last draft, said once above the builder. */
export const Notice = ({ text }: { text: string }) => (
  <p className="builder-notice" role="status">
    {text}
  </p>
);

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
