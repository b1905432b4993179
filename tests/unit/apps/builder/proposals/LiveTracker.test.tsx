// @vitest-environment happy-dom
// "Is it live yet?" after Publish (src/apps/builder/proposals/LiveTracker.tsx, live-steps.ts), in a
// DOM, against stand-ins for the live site's latest-build.json and the deploys API, with the clock
// moved rather than waited for: live once the live build contains the published commit, with the
// time since Publish and a link to the page; failed with the platform's own link; and, after 15
// minutes with nothing live, what to check, without asking any more.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProposalsClient } from '../../../../../src/apps/shared/proposals-client.ts';
import { LiveTracker } from '../../../../../src/apps/builder/proposals/LiveTracker.tsx';
import {
  durationWords,
  LIVE_LIMIT_MS,
  liveStep,
} from '../../../../../src/apps/builder/proposals/live-steps.ts';
import type { Deploy } from '../../../../../src/kernel/wire/proposals.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const COMMIT = 'c'.repeat(40);
const OLDER = 'b'.repeat(40);
const PUBLISHED_AT = Date.UTC(2031, 5, 15, 9, 30);
const published = { commit: COMMIT, at: new Date(PUBLISHED_AT).toISOString() };

/** The live site's latest-build.json naming this commit. */
function liveSite(commit: string) {
  const fetcher = vi.fn<typeof fetch>(async () =>
    Response.json({ buildId: 'abc', time: published.at, commit }),
  );
  vi.stubGlobal('fetch', fetcher);
  return fetcher;
}
const deploys = (deploy: (commit: string, live: string | undefined) => Promise<Deploy>) =>
  ({ deploy: vi.fn<ProposalsClient['deploy']>(deploy) }) as unknown as ProposalsClient & {
    deploy: ReturnType<typeof vi.fn>;
  };
const tracker = (client: ProposalsClient, at: number, local = false) =>
  render(
    <LiveTracker
      published={published}
      route="/deep-cleaning-services"
      local={local}
      client={client}
      publishedAt={PUBLISHED_AT}
      clock={() => at}
    />,
  );

describe('after Publish', () => {
  it('says Live, with the time since Publish and a link to the page, once the live build names the published commit', async () => {
    liveSite(COMMIT);
    const client = deploys(async () => {
      throw new Error('not asked: the live build names the commit itself');
    });
    tracker(client, PUBLISHED_AT + 48_000);
    await vi.waitFor(() => expect(screen.getByRole('status').dataset.liveStep).toBe('live'));
    expect(screen.getByRole('status').textContent).toContain('Live, 48 s after Publish.');
    expect(screen.getByRole('link', { name: 'Open the live page' }).getAttribute('href')).toBe(
      '/deep-cleaning-services',
    );
  });

  it('asks the API whether an older live build contains it, and says building until it does', async () => {
    liveSite(OLDER);
    const client = deploys(async (commit, live) => ({
      commit,
      state: live === OLDER ? 'building' : 'live',
      url: 'https://app.netlify.com/sites/ardent/deploys/42',
    }));
    tracker(client, PUBLISHED_AT + 20_000);
    await vi.waitFor(() => expect(screen.getByRole('status').dataset.liveStep).toBe('building'));
    expect(client.deploy).toHaveBeenCalledWith(COMMIT, OLDER);
    expect(screen.getByRole('status').textContent).toContain(
      'Published: the site is being built with it.',
    );
    expect(screen.getByRole('link', { name: 'The deploy on Netlify' }).getAttribute('href')).toBe(
      'https://app.netlify.com/sites/ardent/deploys/42',
    );
  });

  it("says a failed deploy failed, with the platform's own link, and asks no more", async () => {
    liveSite(OLDER);
    const client = deploys(async (commit) => ({
      commit,
      state: 'failed',
      url: 'https://app.netlify.com/sites/ardent/deploys/43',
      message: 'Deploy failed',
    }));
    tracker(client, PUBLISHED_AT + 60_000);
    await vi.waitFor(() => expect(screen.getByRole('status').dataset.liveStep).toBe('failed'));
    expect(screen.getByRole('status').textContent).toContain(
      'The deploy failed: the site still shows the page as it was.',
    );
    expect(
      screen.getByRole('link', { name: 'Netlify’s deploy log says why' }).getAttribute('href'),
    ).toBe('https://app.netlify.com/sites/ardent/deploys/43');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.deploy).toHaveBeenCalledTimes(1);
  });

  it('after 15 minutes with nothing live, says what to check, and never asks again', async () => {
    const fetcher = liveSite(OLDER);
    const client = deploys(async (commit) => ({ commit, state: 'building' }));
    tracker(client, PUBLISHED_AT + LIVE_LIMIT_MS, true);
    expect(screen.getByRole('status').dataset.liveStep).toBe('late');
    expect(screen.getByRole('status').textContent).toContain('Not live after 15 minutes.');
    expect(screen.getByRole('status').textContent).toContain('Check the output of npm start');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetcher).not.toHaveBeenCalled();
    expect(client.deploy).not.toHaveBeenCalled();
  });
});

describe('liveStep', () => {
  it('is live, failed, late from 15 minutes on, else building once asked', () => {
    const building: Deploy = { commit: COMMIT, state: 'building' };
    expect(liveStep(null, PUBLISHED_AT, PUBLISHED_AT + 1000)).toEqual({ step: 'published' });
    expect(liveStep(building, PUBLISHED_AT, PUBLISHED_AT + LIVE_LIMIT_MS - 1)).toEqual({
      step: 'building',
    });
    expect(liveStep(building, PUBLISHED_AT, PUBLISHED_AT + LIVE_LIMIT_MS)).toEqual({
      step: 'late',
    });
    expect(
      liveStep(
        { commit: COMMIT, state: 'live' },
        PUBLISHED_AT,
        PUBLISHED_AT + LIVE_LIMIT_MS + 5000,
      ),
    ).toEqual({ step: 'live', afterMs: LIVE_LIMIT_MS + 5000 });
    expect(durationWords(125_000)).toBe('2 min 5 s');
  });
});
