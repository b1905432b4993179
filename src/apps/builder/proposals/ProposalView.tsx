// One change as the administrator follows it, in the builder and on the dashboard: where it is
// (the pull request on GitHub, or a branch of this project's repository), its pages (each with its
// preview and its problems), its checks, run once over all of them, its deploy preview, and Publish,
// Publish at… and Withdraw. While anything is still moving it is asked for again.
import { useEffect, useState } from 'react';
import type { Proposal } from '../../../kernel/wire/proposals.ts';
import { ChangePages, type ChangePagesProps } from './ChangePages.tsx';
import type { ProposalsClient } from '../../shared/proposals-client.ts';
import { FailureNote } from './FailureNote.tsx';
import { LiveTracker } from './LiveTracker.tsx';
import { ScheduleControl } from './ScheduleControl.tsx';

/** How often an open proposal's checks and preview are asked for while they are still moving. */
const FOLLOW_MS = 4000;

const CHECKS: Record<Proposal['checks']['state'], string> = {
  waiting: 'Checks: waiting to start.',
  running: 'Checks: running (the content check and the tests).',
  passed: 'Checks: passed.',
  failed: 'Checks: failed.',
};

const moving = (proposal: Proposal) =>
  proposal.state === 'open' &&
  (proposal.checks.state === 'waiting' ||
    proposal.checks.state === 'running' ||
    proposal.preview.state === 'building');

/** The checks' first problem, in the status line, when no page of the change lists it as its own. */
const problemText = ({ checks, pages }: Proposal) =>
  checks.problems?.some((problem) => pages.some((page) => page.path === problem.file))
    ? ''
    : checks.firstProblem;

/**
 * `placeOf`, where the draft is at hand: a failed check's problem in its page's file is placed in
 * the form's words, as the builder places its own; elsewhere (the dashboard) it is said by line.
 */
export function ProposalView({
  initial,
  client,
  onSettled,
  placeOf,
  clock = Date.now,
}: {
  initial: Proposal;
  client: ProposalsClient;
  onSettled?: (proposal: Proposal) => void;
  placeOf?: ChangePagesProps['placeOf'];
  clock?: () => number;
}) {
  const [proposal, setProposal] = useState(initial);
  const [busy, setBusy] = useState(false);
  // When Publish was pressed: how long the change then took to be live is said from it.
  const [publishedAt, setPublishedAt] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  // A new proposal from the owner (proposed again) replaces the one followed here.
  const [given, setGiven] = useState(initial);
  if (given !== initial) {
    setGiven(initial);
    setProposal(initial);
  }
  useEffect(() => {
    if (!moving(proposal)) return undefined;
    const timer = setTimeout(
      () => void client.get(proposal.id).then(setProposal, setFailure),
      FOLLOW_MS,
    );
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
        “{proposal.summary}”, proposed by {proposal.author}.
        {proposal.pages.length > 1 ? ` ${proposal.pages.length} pages, published together.` : ''}{' '}
        {proposal.url ? (
          <a href={proposal.url}>See the pull request on GitHub</a>
        ) : (
          `A branch of this project’s repository: ${proposal.branch}.`
        )}
      </p>
      <ChangePages proposal={proposal} placeOf={placeOf} />
      {proposal.state === 'open' ? (
        <>
          <p data-checks={checks.state}>
            <output>
              {CHECKS[checks.state]} {problemText(proposal)}{' '}
              {checks.url ? <a href={checks.url}>The checks’ report</a> : null}
            </output>
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
            <button
              type="button"
              className="button"
              disabled={busy || checks.state !== 'passed'}
              onClick={() => void act('publish')}
            >
              Publish
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void act('withdraw')}
            >
              Withdraw
            </button>
          </div>
          {checks.state === 'passed' || proposal.schedule ? (
            <ScheduleControl proposal={proposal} client={client} onChanged={setProposal} />
          ) : null}
        </>
      ) : proposal.state === 'published' && proposal.published ? (
        <LiveTracker
          published={proposal.published}
          route={proposal.pages[0]!.route}
          local={proposal.local}
          client={client}
          publishedAt={publishedAt}
          clock={clock}
        />
      ) : (
        <p>
          <output>
            {proposal.state === 'published'
              ? 'Published: the page changes with the next build of the site.'
              : 'Withdrawn: nothing was published.'}
          </output>
        </p>
      )}
      {failure ? <FailureNote failure={failure} /> : null}
    </div>
  );
}
