// "Propose this change": the draft's file sent for publishing with a one-line summary. The server
// checks it again with the build's own checks and makes the proposal (a pull request, or a branch of
// this project's repository locally); the dialog then follows it. Proposing again while it is open
// adds a commit to it. The draft stays in the store until its proposal is published or withdrawn.
import { useEffect, useRef, useState } from 'react';
import type { Proposal } from '../../../kernel/wire/proposals.ts';
import { exportPath, exportText, type Draft } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import type { ProposalsClient } from './client.ts';
import { placeOf } from '../problems-shown.ts';
import { FailureNote, ProposalView } from './ProposalView.tsx';

type Step = { kind: 'form' } | { kind: 'sending' } | { kind: 'failed'; failure: unknown };

/** "Update Deep Cleaning" for a live page, "Add Spring offer" for a new one. */
export const summaryFor = (draft: Draft) => `${draft.origin ? 'Update' : 'Add'} ${String(draft.data.name || draft.data.breadcrumb || draft.data.heading || draft.data.title || exportPath(draft))}`;

export function ProposeDialog({ open, draft, client, store, onClose }: { open: boolean; draft: Draft; client: ProposalsClient; store: DraftStore; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [summary, setSummary] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const path = exportPath(draft);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      setSummary(summaryFor(draft));
      setStep({ kind: 'form' });
      // The open proposal of this file, if any: proposing again adds to it.
      client.list().then((open) => setProposal(open.find((candidate) => candidate.path === path) ?? null), () => setProposal(null));
    }
    if (!open && element.open) element.close();
  }, [open, draft, client, path]);
  const propose = async () => {
    setStep({ kind: 'sending' });
    try {
      // The draft goes to the bucket now, not after the usual pause: a proposed draft is in both places
      // before the owner moves on (to the dashboard, which lists it and deletes it once it is settled).
      const [proposed] = await Promise.all([client.propose({ path, text: exportText(draft), summary, ...(draft.origin?.blob ? { blob: draft.origin.blob } : {}) }), store.flush?.()]);
      setProposal(proposed);
      setStep({ kind: 'form' });
    } catch (failure) {
      setStep({ kind: 'failed', failure });
    }
  };
  return (
    <dialog ref={dialog} className="export-dialog" aria-labelledby="propose-heading" onClose={onClose}>
      <h2 id="propose-heading">Propose this change</h2>
      {proposal ? (
        <ProposalView initial={proposal} client={client} placeOf={(problem) => placeOf(problem, draft)} onSettled={(settled) => settled.state !== 'open' && void store.delete(draft.id)} />
      ) : null}
      {proposal?.state !== 'published' && proposal?.state !== 'withdrawn' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void propose();
          }}
        >
          <label htmlFor="proposal-summary">What changes, in one line</label>
          <input id="proposal-summary" type="text" required maxLength={120} value={summary} onChange={(event) => setSummary(event.target.value)} />
          <button type="submit" className="button" disabled={step.kind === 'sending'}>
            {proposal ? 'Propose again (adds to this proposal)' : 'Propose'}
          </button>
          {step.kind === 'sending' ? <p role="status">Checking the page and proposing it…</p> : null}
          {step.kind === 'failed' ? <FailureNote failure={step.failure} placeOf={(problem) => placeOf(problem, draft)} /> : null}
        </form>
      ) : null}
      <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()}>
        Close
      </button>
    </dialog>
  );
}
