// Media library photos in the builder, drawn small through the SDK (MediaLibrary.preview, a data:
// URL), as on /admin: the page's img-src stays 'self' data:, and nothing points at the storage origin.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  unprocessedImage,
  type ImageMap,
  type ResponsiveImage,
} from '../../../kernel/images/responsive-image.ts';
import { libraryPathOf } from '../../../kernel/wire/library-reference.ts';
import type { MediaLibrary, Preview } from '../../media/library.ts';
import type { Draft } from '../draft.ts';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';
import { describeStorageError } from '../../media/storage-errors.ts';
import { useLibrary } from './library-context.ts';

/** The image field's thumbnail of its library photo. */
export function LibraryImage({
  library,
  fullPath,
  width,
  className,
}: {
  library: Pick<MediaLibrary, 'preview'>;
  fullPath: string;
  width: number;
  className: string;
}) {
  // The answer for the photo and width asked: none yet while it is for another.
  const asked = `${width} ${fullPath}`;
  const [answer, setAnswer] = useState<{ asked: string; preview: Preview | 'failed' } | null>(null);
  const preview = answer?.asked === asked ? answer.preview : null;
  useEffect(() => {
    let current = true;
    library.preview(fullPath, width).then(
      (drawn) => {
        if (current) setAnswer({ asked, preview: drawn });
      },
      () => {
        if (current) setAnswer({ asked, preview: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [library, fullPath, width, asked]);
  if (preview === 'failed')
    return (
      <p className="field-hint">
        The photo could not be shown: check that it is still in the media library on /admin.
      </p>
    );
  return preview ? (
    <img
      className={className}
      src={preview.src}
      alt=""
      width={preview.width}
      height={preview.height}
    />
  ) : null;
}

/** A transparent pixel: what a library photo shows in the preview until its own preview arrives. */
const WAITING = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';
const LIBRARY_REFERENCES = /storage:media\/[a-z0-9][a-z0-9._-]*\.(?:jpe?g|png|webp|avif)/gi;

/**
 * The site with the library photos a draft uses among its images, so the preview (and the checks'
 * rendering) draw them as the built page will, from the site's own origin. Each is drawn once;
 * until then it holds its place with a blank image. A photo the library does not have is listed in
 * `library.missing`, for the draft's checks.
 */
export function useSiteWithLibraryImages(
  site: BuilderSite,
  draft: Pick<Draft, 'data' | 'body'> | null,
): BuilderSite {
  return useSiteWithLibraryCheck(site, draft).site;
}

/**
 * The same, and `checked()`: the site once every photo the draft uses has been looked up, so that
 * proposing (or exporting) right after a restore sees a photo the library no longer has.
 */
export function useSiteWithLibraryCheck(
  site: BuilderSite,
  draft: Pick<Draft, 'data' | 'body'> | null,
): { site: BuilderSite; checked: () => Promise<BuilderSite> } {
  const library = useLibrary();
  const { images, missing, lookedUp } = useLibraryImages(
    site.images,
    draft ? [draft.data, draft.body] : null,
    library,
  );
  const withLibrary = useCallback(
    (missingNow: ReadonlySet<string>, imagesNow: ImageMap): BuilderSite =>
      imagesNow === site.images
        ? site
        : {
            ...site,
            images: imagesNow,
            ...(library ? { library: { bucket: library.bucket, missing: missingNow } } : {}),
          },
    [site, library],
  );
  const shown = useMemo(() => withLibrary(missing, images), [withLibrary, missing, images]);
  const checked = useCallback(
    async () => withLibrary(await lookedUp(), images),
    [withLibrary, lookedUp, images],
  );
  return { site: shown, checked };
}

function useLibraryImages(
  images: ImageMap,
  used: unknown,
  library: Pick<MediaLibrary, 'preview'> | null,
): {
  images: ImageMap;
  missing: ReadonlySet<string>;
  lookedUp: () => Promise<ReadonlySet<string>>;
} {
  const wanted = useMemo(
    () =>
      [...new Set(JSON.stringify(used ?? null).match(LIBRARY_REFERENCES) ?? [])].sort().join('\n'),
    [used],
  );
  const [drawn, setDrawn] = useState<ReadonlyMap<string, ResponsiveImage>>(new Map());
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  // The lookups as they settle, for lookedUp(): state reaches a render only after the click that needs it.
  const lookups = useRef(new Map<string, Promise<void>>());
  const missingNow = useRef<Set<string>>(new Set());
  // What is drawn or missing already, known to the lookups without waiting for a render.
  const drawnNow = useRef<Set<string>>(new Set());
  useEffect(() => {
    if (!library || !wanted) return undefined;
    let current = true;
    for (const src of wanted.split('\n')) {
      const photo = libraryPathOf(src)!;
      if (drawnNow.current.has(src) || missingNow.current.has(photo)) continue;
      const lookup = (async () => {
        try {
          const preview = await library.preview(photo, 1280);
          if (!current) return;
          drawnNow.current.add(src);
          setDrawn((known) => new Map(known).set(src, unprocessedImage(src, preview.src, preview)));
        } catch (error) {
          if (describeStorageError(error).kind !== 'object-not-found') return;
          missingNow.current.add(photo);
          if (current) setMissing((known) => new Set(known).add(photo));
        }
      })();
      lookups.current.set(photo, lookup);
    }
    return () => {
      current = false;
    };
  }, [library, wanted]);
  const lookedUp = useCallback(async () => {
    if (wanted)
      await Promise.all(
        wanted.split('\n').flatMap((src) => lookups.current.get(libraryPathOf(src)!) ?? []),
      );
    return new Set(missingNow.current);
  }, [wanted]);
  return {
    images: useMemo(() => {
      if (!wanted) return images;
      const all = new Map(images);
      for (const src of wanted.split('\n'))
        if (libraryPathOf(src))
          all.set(
            src,
            drawn.get(src) ?? unprocessedImage(src, WAITING, { width: 1600, height: 900 }),
          );
      return all;
    }, [images, wanted, drawn]),
    missing,
    lookedUp,
  };
}
