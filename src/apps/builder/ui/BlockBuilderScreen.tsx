// /experiments/block-builder/builder: a new page (?template=service or area for one laid out like
// the site's), or the draft the dashboard opened (?draft=<id>). Reopened without either, it offers
// to restore the draft last edited here. Nothing is saved until the first change.
import { useEffect, useState } from 'react';
import { newDraft, TEMPLATES, type Draft, type TemplateName } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';
import { Builder } from './Builder.tsx';
import { newDraftId, queryParameter } from './screen.tsx';
import { Notice, RestoreOffer } from './restore-offer.tsx';
import { unreachable } from '../../../kernel/errors/unreachable.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'offer'; draft: Draft }
  | { kind: 'editing'; draft: Draft; stored: boolean }
  | { kind: 'missing'; id: string };

/** The template the address asks for, else a blank page. */
const templateOf = (name: string | null): TemplateName =>
  name && name in TEMPLATES ? (name as TemplateName) : 'page';
const fresh = (): State => ({
  kind: 'editing',
  draft: newDraft(templateOf(queryParameter('template')), newDraftId(), Date.now()),
  stored: false,
});

export function BlockBuilderScreen({ site, store }: { site: BuilderSite; store: DraftStore }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [notice, setNotice] = useState('');
  useEffect(() => {
    const wanted = queryParameter('draft');
    void (async () => {
      if (wanted) {
        const draft = await store.get(wanted);
        setState(
          draft ? { kind: 'editing', draft, stored: true } : { kind: 'missing', id: wanted },
        );
        return;
      }
      if (queryParameter('template')) {
        setState(fresh());
        return;
      }
      const [latest] = (await store.list()).filter((draft) => !draft.origin);
      setState(latest ? { kind: 'offer', draft: latest } : fresh());
    })();
  }, [store]);

  switch (state.kind) {
    case 'loading':
      return (
        <p>
          <output>Looking for your drafts…</output>
        </p>
      );
    case 'missing':
      return (
        <p className="notice" role="alert">
          There is no draft “{state.id}” in this browser.{' '}
          <a href="/test-builder-dashboard">See your drafts</a>.
        </p>
      );
    case 'offer':
      return (
        <RestoreOffer
          draft={state.draft}
          onRestore={() => setState({ kind: 'editing', draft: state.draft, stored: true })}
          onNew={() => setState(fresh())}
        />
      );
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
  return unreachable(state, 'screen state');
}
