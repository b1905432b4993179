// "Propose this change": the draft's file sent for publishing with a one-line summary. The server
// checks it again with the build's own checks and makes the change (a pull request, or a branch of
// this project's repository locally); the dialog then follows it. Proposing again while it is open
// adds a commit to it; "Add another page to this change" opens another page in the builder, whose
// proposal goes into the same change (`change`), checked and published with it. A draft made from an older version is joined with what changed since, and
// then holds both (`onJoined`); one that cannot be is refused with the other change, and may start
// again from the newer version (`onStartAgain`), the draft unchanged until then. The draft stays in
// the store until its proposal is published or withdrawn.
import { useEffect, useState } from 'react';
import { Dialog } from '../../shared/Dialog.tsx';
import type { ApiError, Proposal } from '../../../kernel/wire/proposals.ts';
import { exportPath, exportText, textOf, versionOf, type Draft } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import type { ProposalsClient } from '../../shared/proposals-client.ts';
import { placeOf } from '../problems-shown.ts';
import { FailureNote } from './FailureNote.tsx';
import { ProposalView } from './ProposalView.tsx';

type Step =
  | { kind: 'form'; said?: string }
  | { kind: 'sending' }
  | { kind: 'failed'; failure: unknown };

/** A newer version the draft may start again from. */
export type Newer = NonNullable<ApiError['newer']>;

export interface ProposeDialogProps {
  draft: Draft;
  client: ProposalsClient;
  store: DraftStore;
  /** The open change this page goes into (the builder was opened to add a page to it). */
  change?: string;
  onClose: () => void;
  /** Proposed as it is: the draft is now made from the proposal's version. */
  onProposed: (proposal: Proposal) => void;
  /** Joined with changes made since its version: the draft becomes what the proposal now holds. */
  onJoined: (proposal: Proposal) => Promise<void>;
  /** The owner chose to start again from the newer version a refusal named. */
  onStartAgain: (newer: Newer) => Promise<void>;
}

/** "Update Deep Cleaning" for a live page, "Add Spring offer" for a new one. */
export const summaryFor = (draft: Draft) =>
  `${draft.origin ? 'Update' : 'Add'} ${textOf(draft.data.name) || textOf(draft.data.breadcrumb) || textOf(draft.data.heading) || textOf(draft.data.title) || exportPath(draft)}`;

export function ProposeDialog({
  draft,
  client,
  store,
  change,
  onClose,
  onProposed,
  onJoined,
  onStartAgain,
}: ProposeDialogProps) {
  const [summary, setSummary] = useState(() => summaryFor(draft));
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const path = exportPath(draft);
  // The open change of this page, else the one it is added to: proposing adds to it.
  useEffect(() => {
    let current = true;
    client.list().then(
      (open) => {
        if (!current) return;
        setProposal(
          open.find((candidate) => candidate.pages.some((page) => page.path === path)) ??
            open.find((candidate) => candidate.id === change) ??
            null,
        );
      },
      () => {
        if (current) setProposal(null);
      },
    );
    return () => {
      current = false;
    };
  }, [client, path, change]);
  const propose = async () => {
    setStep({ kind: 'sending' });
    try {
      // The draft goes to the bucket now, not after the usual pause: a proposed draft is in both places
      // before the owner moves on (to the dashboard, which lists it and deletes it once it is settled).
      const version = versionOf(draft);
      // A page already in a change goes back into it by itself; `change` names the one a page is added to.
      const file = { path, text: exportText(draft), ...(version ? { blob: version } : {}) };
      const [{ proposal: proposed, merged }] = await Promise.all([
        client.propose({ files: [file], summary, ...(change ? { change } : {}) }),
        store.flush?.(),
      ]);
      setProposal(proposed);
      if (merged) {
        await onJoined(proposed);
        setStep({
          kind: 'form',
          said: 'Joined with the changes made to this page since your version: the proposal holds both, and so does your draft now.',
        });
      } else {
        if (proposed.pages.some((page) => page.path === path && page.blob)) onProposed(proposed);
        setStep({ kind: 'form' });
      }
    } catch (failure) {
      setStep({ kind: 'failed', failure });
    }
  };
  const startAgain = async (newer: Newer) => {
    setStep({ kind: 'sending' });
    try {
      await onStartAgain(newer);
      setStep({
        kind: 'form',
        said: 'Your draft now holds the newer version. Make your change there again, then propose it.',
      });
    } catch (failure) {
      setStep({ kind: 'failed', failure });
    }
  };
  return (
    <Dialog title="Propose this change" onClose={onClose} className="export-dialog">
      {proposal ? (
        <ProposalView
          initial={proposal}
          client={client}
          placeOf={(problem) => (problem.file === path ? placeOf(problem, draft) : undefined)}
          onSettled={(settled) => settled.state !== 'open' && void store.delete(draft.id)}
        />
      ) : null}
      {proposal?.state === 'open' && proposal.pages.some((page) => page.path === path) ? (
        <p>
          <a href={`/integrated-builder?change=${encodeURIComponent(proposal.id)}`}>
            Add another page to this change
          </a>
          : it is checked and published with this one.
        </p>
      ) : null}
      {proposal?.state !== 'published' && proposal?.state !== 'withdrawn' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void propose();
          }}
        >
          <label htmlFor="proposal-summary">What changes, in one line</label>
          <input
            id="proposal-summary"
            type="text"
            required
            maxLength={120}
            value={summary}
            onChange={(event) => setSummary(event.target.value)}
          />
          <button type="submit" className="button" disabled={step.kind === 'sending'}>
            {proposal?.pages.some((page) => page.path === path)
              ? 'Propose again (adds to this change)'
              : proposal
                ? 'Propose (adds this page to the change)'
                : 'Propose'}
          </button>
          {step.kind === 'sending' ? (
            <p>
              <output>Checking the page and proposing it…</output>
            </p>
          ) : null}
          {step.kind === 'form' && step.said ? (
            <p>
              <output>{step.said}</output>
            </p>
          ) : null}
          {step.kind === 'failed' ? (
            <FailureNote
              failure={step.failure}
              placeOf={(problem) => placeOf(problem, draft)}
              onStartAgain={(newer) => void startAgain(newer)}
            />
          ) : null}
        </form>
      ) : null}
    </Dialog>
  );
}
