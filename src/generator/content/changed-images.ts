// Which files an update loads again (build.ts, Site.update): an image that changed is seen through
// the content files that show it, so those are loaded again with the changed files themselves.
import path from 'node:path';
import type { LoadedFile } from './load-entry.ts';

/** The changed files, and every known file showing an image among them (`imagesDir`: content/images). */
export function withFilesShowing(
  changed: ReadonlySet<string>,
  known: Iterable<LoadedFile>,
  imagesDir: string,
): Set<string> {
  return new Set([
    ...changed,
    ...[...known]
      .filter((file) =>
        file.images.some((image) =>
          changed.has(path.join(imagesDir, image.src.slice('/images/'.length))),
        ),
      )
      .map((file) => file.absolute),
  ]);
}
