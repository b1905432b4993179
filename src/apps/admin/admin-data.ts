// What the admin screen reads from the site itself: the build files every page's build checks
// read (spec §7), and the content health the build emits for administrators.
import type { ContentHealth } from '../../generator/emit/content-health.ts';
import type { BuildManifest } from '../../generator/emit/build-files.ts';

export const MANIFEST_URL = '/build-manifest.json';
export const LATEST_BUILD_URL = '/latest-build.json';
export const CONTENT_HEALTH_URL = '/content-health.json';

export interface LatestBuild {
  buildId: string;
  time: string;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export const loadManifest = () => getJson<BuildManifest>(MANIFEST_URL);
/** With a timestamp query, past any cache (spec §7). */
export const loadLatestBuild = () => getJson<LatestBuild>(`${LATEST_BUILD_URL}?t=${Date.now()}`);
export const loadContentHealth = () => getJson<ContentHealth>(CONTENT_HEALTH_URL);

/** The pages that use each library photo, by its path in the bucket ("media/kitchen.jpg"). */
export type PhotoUsage = ContentHealth['photos'];
