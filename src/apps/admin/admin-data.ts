// What the admin screen reads from the site itself: the build files every page's build checks
// read, and the content health the build emits for administrators.
import {
  BuildFile,
  type BuildManifest,
  type ContentHealth,
  type LatestBuild,
} from '../../kernel/wire/build-files.ts';

async function getJson<T>(path: string): Promise<T> {
  const url = `/${path}`;
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export const loadManifest = () => getJson<BuildManifest>(BuildFile.Manifest);
/** With a timestamp query, so that no cache answers for the live build. */
export const loadLatestBuild = () =>
  getJson<LatestBuild>(`${BuildFile.LatestBuild}?t=${Date.now()}`);
export const loadContentHealth = () => getJson<ContentHealth>(BuildFile.ContentHealth);

/** The pages that use each library photo, by its path in the bucket ("media/kitchen.jpg"). */
export type PhotoUsage = ContentHealth['photos'];
