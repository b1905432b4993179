// The dashboard's open proposals: each page proposed for publishing, its summary, who proposed it and
// when, its checks and preview, with Publish and Withdraw. A proposal that is published or
// withdrawn takes its drafts with it: the draft of a page is kept until then.
import { useCallback, useEffect, useState } from 'react';
import type { Proposal } from '../../../kernel/wire/proposals.ts';
import { formatTime } from '../../admin/format.ts';
import { exportPath } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import type { ProposalsClient } from './client.ts';
import { FailureNote, ProposalView } from './ProposalView.tsx';


export function ProposalsSection({ client, store }: { client: ProposalsClient; store: DraftStore }) {
  const [proposals, setProposals] = useState<Proposal[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const load = useCallback(() => client.list().then(setProposals, setFailure), [client]);
  useEffect(() => void load(), [load]);
  const settled = async (proposal: Proposal) => {
    for (const draft of await store.list()) if (exportPath(draft) === proposal.path) await store.delete(draft.id);
  };
  return (
    <section aria-labelledby="proposals-heading">
      <h2 id="proposals-heading">Open proposals</h2>
      {failure ? <FailureNote failure={failure} /> : proposals === null ? <p role="status">Asking which pages are proposed…</p> : proposals.length === 0 ? <p>No page is proposed for publishing.</p> : null}
      {proposals?.map((proposal) => (
        <article key={proposal.id} className="proposal-card" aria-labelledby={`proposal-${proposal.id}`}>
          <h3 id={`proposal-${proposal.id}`}>
            {proposal.page} <code>{proposal.route ?? proposal.path}</code>
          </h3>
          <p>Proposed {formatTime(proposal.created)}; last changed {formatTime(proposal.updated)}.</p>
          <ProposalView initial={proposal} client={client} onSettled={(done) => void settled(done)} />
        </article>
      ))}
    </section>
  );
}
