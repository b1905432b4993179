// One proposal as the administrator follows it, in the builder and on the dashboard: where it is
// (the pull request on GitHub, or a branch of this project's repository), its checks, its deploy
// preview, and Publish and Withdraw. While anything is still moving it is asked for again.
import { useEffect, useState } from 'react';
import type { ApiError, Proposal } from '../../../kernel/wire/proposals.ts';
import { ApiCallFailure } from '../../account/api-call.ts';
import type { ProposalsClient } from './client.ts';
import { LiveTracker } from './LiveTracker.tsx';

/** How often an open proposal's checks and preview are asked for while they are still moving. */
const FOLLOW_MS = 4000;

const CHECKS: Record<Proposal['checks']['state'], string> = {
  waiting: 'Checks: waiting to start.',
  running: 'Checks: running (the content check and the tests).',
  passed: 'Checks: passed.',
  failed: 'Checks: failed.',
};

const moving = (proposal: Proposal) => proposal.state === 'open' && (proposal.checks.state === 'waiting' || proposal.checks.state === 'running' || proposal.preview.state === 'building');

/** The problems a refusal lists, the first few. */
const SHOWN_PROBLEMS = 5;

/**
 * A failure in words: its title, what happened, what to do; the link when a review is wanted. The
 * checks' problems are placed in the form's words by `placeOf` where the draft is at hand (else by
 * their line), never by their field's path.
 */
export function FailureNote({ failure, placeOf, onStartAgain }: { failure: unknown; placeOf?(problem: { field?: string; message: string }): string; onStartAgain?(newer: NonNullable<ApiError['newer']>): void }) {
  const answer = failure instanceof ApiCallFailure ? failure.answer : null;
  const newer = answer?.newer;
  return (
    <div className="notice" role="alert">
      <p>
        <strong>{answer?.error.title ?? 'Something went wrong'}</strong> {answer?.error.message ?? String(failure)} {answer?.error.hint}
      </p>
      {answer?.problems?.length ? (
        <ul>
          {answer.problems.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
            <li key={index}>
              {placeOf ? placeOf(problem) : problem.line ? `Line ${problem.line}: ` : ''}
              {problem.message}
            </li>
          ))}
          {answer.problems.length > SHOWN_PROBLEMS ? <li>And {answer.problems.length - SHOWN_PROBLEMS} more.</li> : null}
        </ul>
      ) : null}
      {answer?.diff ? (
        <>
          <p>{newer?.by ? `What ${newer.by} changed:` : 'What changed:'}</p>
          <pre className="proposal-diff">{answer.diff}</pre>
        </>
      ) : null}
      {newer && onStartAgain ? (
        <p>
          <button type="button" className="button" onClick={() => onStartAgain(newer)}>
            Start again from the newer version
          </button>{' '}
          Your draft is kept as it is until you choose.
        </p>
      ) : null}
      {answer?.reviewRequired && answer.url ? (
        <p>
          <a href={answer.url}>Open the pull request to ask for a review</a>
        </p>
      ) : null}
    </div>
  );
}

/** The checks' first problem: placed in the form's words when it is in the proposed file and the draft is at hand, else as the checks said it. */
const problemText = (checks: Proposal['checks'], path: string, placeOf?: (problem: { field?: string; message: string }) => string) =>
  checks.problem && placeOf && checks.problem.file === path ? `${placeOf(checks.problem)}${checks.problem.message}` : checks.firstProblem;

/**
 * `placeOf`, where the draft is at hand: a failed check's problem in the proposed file is placed in
 * the form's words, as the builder places its own; elsewhere (the dashboard) it is said by file and line.
 */
export function ProposalView({ initial, client, onSettled, placeOf, clock = Date.now }: { initial: Proposal; client: ProposalsClient; onSettled?(proposal: Proposal): void; placeOf?(problem: { field?: string; message: string }): string; clock?: () => number }) {
  const [proposal, setProposal] = useState(initial);
  const [busy, setBusy] = useState(false);
  // When Publish was pressed: how long the change then took to be live is said from it.
  const [publishedAt, setPublishedAt] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => setProposal(initial), [initial]);
  useEffect(() => {
    if (!moving(proposal)) return;
    const timer = setTimeout(() => void client.get(proposal.id).then(setProposal, setFailure), FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [proposal, client]);
  const act = async (action: 'publish' | 'withdraw') => {
    setBusy(true);
    setFailure(null);
    const pressed = clock();
    try {
      const settled = await client[action](proposal.id);
      setPublishedAt(pressed);
      setProposal(settled);
      onSettled?.(settled);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const { checks, preview } = proposal;
  return (
    <div className="proposal" data-proposal={proposal.id}>
      <p>
        “{proposal.summary}”, proposed by {proposal.author}.{' '}
        {proposal.url ? <a href={proposal.url}>See the pull request on GitHub</a> : `A branch of this project’s repository: ${proposal.branch}.`}
      </p>
      {proposal.state === 'open' ? (
        <>
          <p role="status" data-checks={checks.state}>
            {CHECKS[checks.state]} {problemText(checks, proposal.path, placeOf)}{' '}
            {checks.url ? <a href={checks.url}>The checks’ report</a> : null}
          </p>
          <p>
            {preview.state === 'ready' && preview.url ? (
              <a href={preview.url}>Open the deploy preview</a>
            ) : preview.state === 'none' ? (
              'No deploy preview here: the builder’s preview shows the page as it will be.'
            ) : preview.state === 'failed' ? (
              'The deploy preview could not be built: the pull request says why.'
            ) : (
              'The deploy preview is being built.'
            )}
          </p>
          <div className="proposal-actions">
            <button type="button" className="button" disabled={busy || checks.state !== 'passed'} onClick={() => void act('publish')}>
              Publish
            </button>
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => void act('withdraw')}>
              Withdraw
            </button>
          </div>
        </>
      ) : proposal.state === 'published' && proposal.published ? (
        <LiveTracker published={proposal.published} route={proposal.route} local={proposal.local} client={client} publishedAt={publishedAt} clock={clock} />
      ) : (
        <p role="status">{proposal.state === 'published' ? 'Published: the page changes with the next build of the site.' : 'Withdrawn: nothing was published.'}</p>
      )}
      {failure ? <FailureNote failure={failure} /> : null}
    </div>
  );
}
