/**
 * When a page's script chunk fails to load and a newer build is live, the page
 * reloads, at most once per path within 10 seconds, so a broken deploy cannot loop.
 */
import type { KeyValueStore } from '../../kernel/components/session-storage.ts';
export const RELOAD_GUARD_MS = 10_000;

export type GuardStorage = KeyValueStore;

const guardKey = (path: string) => `ardent:reloaded:${path}`;

/** True, and remembered, when this path may reload now; false within 10 s of its last reload. */
export function claimReload(path: string, now: number, storage: GuardStorage | null): boolean {
  try {
    const last = Number(storage?.getItem(guardKey(path)));
    if (Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_MS) return false;
    storage?.setItem(guardKey(path), String(now));
    return true;
  } catch {
    // No storage to remember the reload in: never reload, rather than risk a loop.
    return false;
  }
}

/** The live build, as the manifest and the latest-build file describe it. */
export interface BuildInfo {
  buildId: string;
  assets?: Record<string, string>;
}

/**
 * Is the live build newer than the one this page came from? `baseline` is the manifest read
 * about a second after load; when a chunk failed before then, the page's own script URLs tell
 * instead: a build that no longer lists them has replaced this page's.
 */
export function isNewerBuild(
  latest: BuildInfo,
  baseline: BuildInfo | null,
  pageScripts: readonly string[],
): boolean {
  if (baseline && latest.buildId !== baseline.buildId) return true;
  if (latest.assets && pageScripts.length > 0) {
    const live = new Set(Object.values(latest.assets));
    return pageScripts.some((script) => !live.has(script));
  }
  return false;
}
