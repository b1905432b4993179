import { BuildFile } from '../../kernel/wire/build-files.ts';
import { claimReload, isNewerBuild, type BuildInfo } from './reload-guard.ts';
import { sessionStorageOrNull } from '../../kernel/components/session-storage.ts';

/** The build manifest is read about a second after load; the latest-build file every few minutes. */
const MANIFEST_URL = `/${BuildFile.Manifest}`;
const LATEST_BUILD_URL = `/${BuildFile.LatestBuild}`;
const FIRST_CHECK_DELAY_MS = 1000;
const CHECK_INTERVAL_MS = 5 * 60_000;

export interface BuildChecks {
  /** A script chunk failed to load: reload if a newer build replaced this page's (guarded). */
  chunkFailed: (error: unknown) => Promise<void>;
}

async function getJson(url: string): Promise<BuildInfo> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = (await response.json()) as BuildInfo;
  if (typeof body?.buildId !== 'string') throw new Error(`${url}: no buildId`);
  return body;
}

/**
 * Notices newer builds. The manifest read shortly after load says which build this page
 * belongs to; the latest-build file (with a timestamp query, past any cache) is checked every
 * few minutes and whenever the tab is shown again.
 */
export function startBuildChecks(pageScripts: readonly string[]): BuildChecks {
  let baseline: BuildInfo | null = null;
  let newer = false;
  const latestUrl = () => `${LATEST_BUILD_URL}?t=${Date.now()}`;

  const readBaseline = async () => (baseline ??= await getJson(MANIFEST_URL));
  const checkLatest = async () => {
    if (!baseline) return;
    newer ||= isNewerBuild(await getJson(latestUrl()), baseline, []);
  };
  const quietly = (task: () => Promise<unknown>) => () => void task().catch(() => {}); // offline: try next time

  setTimeout(quietly(readBaseline), FIRST_CHECK_DELAY_MS);
  setInterval(quietly(checkLatest), CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') quietly(checkLatest)();
  });

  return {
    async chunkFailed(error) {
      console.warn('A script failed to load; checking for a newer build.', error);
      try {
        if (!baseline) {
          // Failed before the first check: the live manifest no longer listing this page's
          // scripts means a newer build replaced them.
          const live = await getJson(`${MANIFEST_URL}?t=${Date.now()}`);
          newer ||= isNewerBuild(live, null, pageScripts);
          baseline = newer ? baseline : live;
        }
        if (!newer) newer = isNewerBuild(await getJson(latestUrl()), baseline, []);
      } catch {
        return; // cannot tell: leave the page as it is, it works without its scripts
      }
      if (newer && claimReload(location.pathname, Date.now(), sessionStorageOrNull()))
        location.reload();
    },
  };
}
