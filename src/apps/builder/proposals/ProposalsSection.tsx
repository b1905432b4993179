// The dashboard's open changes: each change proposed for publishing, its summary, its pages, who
// proposed it and when, its checks and preview, with Publish, Publish at… and Withdraw. A change
// that is published or withdrawn takes its pages' drafts with it: a page's draft is kept until then.
// /admin links to each (#change-<id>): once the list has loaded, that one is scrolled to and focused.
import { useCallback, useEffect, useState } from 'react';
import type { Proposal } from '../../../kernel/wire/proposals.ts';
import { changeAnchor } from '../../../kernel/wire/proposal-paths.ts';
import { formatTime } from '../../shared/format.ts';
import { exportPath } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import type { ProposalsClient } from '../../shared/proposals-client.ts';
import { FailureNote } from './FailureNote.tsx';
import { ProposalView } from './ProposalView.tsx';

export function ProposalsSection({
  client,
  store,
}: {
  client: ProposalsClient;
  store: DraftStore;
}) {
  const [proposals, setProposals] = useState<Proposal[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const load = useCallback(() => client.list().then(setProposals, setFailure), [client]);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    const wanted =
      proposals && window.location.hash
        ? document.getElementById(window.location.hash.slice(1))
        : null;
    wanted?.focus();
    wanted?.scrollIntoView({ block: 'start' });
  }, [proposals]);
  const settled = async (proposal: Proposal) => {
    const paths = new Set(proposal.pages.map((page) => page.path));
    for (const draft of await store.list())
      if (paths.has(exportPath(draft))) await store.delete(draft.id);
  };
  return (
    <section aria-labelledby="proposals-heading">
      <h2 id="proposals-heading">Changes waiting to be published</h2>
      {failure ? (
        <FailureNote failure={failure} />
      ) : proposals === null ? (
        <p>
          <output>Asking which changes are proposed…</output>
        </p>
      ) : proposals.length === 0 ? (
        <p>No change is waiting to be published.</p>
      ) : null}
      {proposals?.map((proposal) => (
        <article
          key={proposal.id}
          id={changeAnchor(proposal.id)}
          tabIndex={-1}
          className="proposal-card"
          aria-labelledby={`${changeAnchor(proposal.id)}-heading`}
        >
          <h3 id={`${changeAnchor(proposal.id)}-heading`}>{proposal.summary}</h3>
          <p>
            Proposed {formatTime(proposal.created)}; last changed {formatTime(proposal.updated)}.
          </p>
          <ProposalView
            initial={proposal}
            client={client}
            onSettled={(done) => void settled(done)}
          />
        </article>
      ))}
    </section>
  );
}
