// After Publish: the change followed until it is live, in the owner's words (live-steps.ts).
// Published, then building; live, with the time it took since Publish and a link to the page; or
// failed, with the platform's own page about it; or, after 15 minutes with nothing live, what to
// check. It asks the live site's latest-build.json and the API every few seconds, and stops there.
import { useEffect, useState } from 'react';
import type { Deploy, Proposal } from '../../../kernel/wire/proposals.ts';
import type { ProposalsClient } from '../../shared/proposals-client.ts';
import { durationWords, LIVE_CHECK_MS, liveCommit, liveStep, stillMoving } from './live-steps.ts';

export interface LiveTrackerProps {
  published: NonNullable<Proposal['published']>;
  /** The page's address on the site, when it has one. */
  route: string | undefined;
  /** Made by the local backend: npm start's build after publishing is the deploy. */
  local: boolean;
  client: ProposalsClient;
  /** When Publish was pressed, by `clock`. */
  publishedAt: number;
  clock?: () => number;
}

export function LiveTracker({
  published,
  route,
  local,
  client,
  publishedAt,
  clock = Date.now,
}: LiveTrackerProps) {
  const [deploy, setDeploy] = useState<Deploy | null>(null);
  const [now, setNow] = useState(clock);
  const step = liveStep(deploy, publishedAt, now);
  const moving = stillMoving(step);
  // Asks at once, then every LIVE_CHECK_MS while the change is on its way; each answer starts again.
  useEffect(() => {
    if (!moving) return undefined;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const live = await liveCommit();
        const answer =
          live === published.commit
            ? { commit: published.commit, state: 'live' as const }
            : await client.deploy(published.commit, live);
        if (current) setDeploy(answer);
      } catch {
        // Offline for a moment, or the API did not answer: asked again next time.
      }
      if (!current) return;
      setNow(clock());
      timer = setTimeout(() => void ask(), LIVE_CHECK_MS);
    };
    timer = setTimeout(() => void ask(), deploy ? LIVE_CHECK_MS : 0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [moving, deploy, published.commit, client, clock]);

  const link = (url: string | undefined, words: string) => (url ? <a href={url}>{words}</a> : null);
  return (
    <div className="live-tracker" role="status" data-live-step={step.step}>
      {step.step === 'published' ? (
        <p>Published. Asking whether the site is being built with it…</p>
      ) : null}
      {step.step === 'building' ? (
        <p>
          Published: the site is being built with it{local ? ' (npm start builds it again)' : ''}.{' '}
          {link(step.url, 'The deploy on Netlify')}
        </p>
      ) : null}
      {step.step === 'live' ? (
        <p>
          <strong>Live</strong>, {durationWords(step.afterMs)} after Publish.{' '}
          {route ? <a href={route}>Open the live page</a> : null}
        </p>
      ) : null}
      {step.step === 'failed' ? (
        <p>
          <strong>The deploy failed</strong>: the site still shows the page as it was.{' '}
          {step.message} {link(step.url, 'Netlify’s deploy log says why')}
        </p>
      ) : null}
      {step.step === 'late' ? (
        <p>
          <strong>Not live after 15 minutes.</strong> The change is published, but the site does not
          show it yet.{' '}
          {local
            ? 'Check the output of npm start: its build after publishing may have failed or still be running.'
            : 'Check the site’s deploys on Netlify: a build may be queued behind others, or may have stopped.'}{' '}
          {link(step.url, 'The deploy on Netlify')}
        </p>
      ) : null}
    </div>
  );
}
