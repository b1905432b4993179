// "Is it live yet?": the steps a published change goes through, from what the live site and the
// proposals API say. Published (merged), building, then live once the build the live site serves
// (its latest-build.json) contains the published commit; failed when its deploy failed; and after
// 15 minutes with nothing live, late: the builder says what to check and stops asking. The clock
// is given, so that the limit is tested by moving it, never by waiting.
import { BuildFile, type LatestBuild } from '../../../kernel/wire/build-files.ts';
import type { Deploy } from '../../../kernel/wire/proposals.ts';

/** How long a published change is followed before the builder says what to check (Netlify's builds can queue this long under load). */
export const LIVE_LIMIT_MS = 15 * 60_000;
/** How often the live site and the deploy are asked while it builds. */
export const LIVE_CHECK_MS = 4000;

export type LiveStep =
  | { step: 'published' }
  | { step: 'building'; url?: string }
  | { step: 'live'; afterMs: number }
  | { step: 'failed'; url?: string; message?: string }
  | { step: 'late'; url?: string };

/** The step, `publishedAt` the moment Publish was pressed; `deploy` the latest answer (null before the first). */
export function liveStep(deploy: Deploy | null, publishedAt: number, now: number): LiveStep {
  if (deploy?.state === 'live') return { step: 'live', afterMs: now - publishedAt };
  if (deploy?.state === 'failed')
    return {
      step: 'failed',
      ...(deploy.url ? { url: deploy.url } : {}),
      ...(deploy.message ? { message: deploy.message } : {}),
    };
  if (now - publishedAt >= LIVE_LIMIT_MS)
    return { step: 'late', ...(deploy?.url ? { url: deploy.url } : {}) };
  return deploy
    ? { step: 'building', ...(deploy.url ? { url: deploy.url } : {}) }
    : { step: 'published' };
}

/** Whether the builder asks again: not once live, failed or late. */
export const stillMoving = (step: LiveStep) =>
  step.step === 'published' || step.step === 'building';

/** The commit the live site's build names: latest-build.json, past every cache. */
export async function liveCommit(fetcher: typeof fetch = fetch): Promise<string | undefined> {
  const response = await fetcher(`/${BuildFile.LatestBuild}?t=${Date.now()}`, {
    cache: 'no-store',
  });
  if (!response.ok) return undefined;
  return ((await response.json()) as LatestBuild).commit;
}

/** "48 s", "2 min 5 s", "1 h 3 min": how long it took. */
export function durationWords(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}
