/**
 * Thumbnails made once and kept beside each photo (media-rules.ts names them), so the library's
 * grid and the builder's picker load about 25 KB a photo, never the photo itself:
 *
 * - at upload (a new photo or "Replace photo…"), drawn from the file being sent, stored once the
 *   photo is, and the photo's older thumbnails removed;
 * - for a photo uploaded before thumbnails existed, drawn from the photo the first time an
 *   administrator's screen shows it, and stored;
 * - when it cannot be drawn (a photo this browser cannot open, a browser that cannot encode WebP),
 *   a placeholder with the reason stands in: the photo itself is stored and used as usual.
 *
 * The storage calls and the drawing are passed in (firebase-thumbnails.ts), so the
 * decisions here run without a browser (tests/unit/apps/media/thumbnails.test.ts). Each version of
 * a photo is looked up (or made) once per page: every card and dialog showing it shares the answer.
 */
import {
  readThumbnailName,
  thumbnailFolderOf,
  thumbnailPathOf,
  type ThumbnailName,
} from '../../kernel/wire/thumbnail-rules.ts';
import { oneAtATime, type Queue } from './one-at-a-time.ts';

/** A photo drawn small, as a data: URL (MediaLibrary.preview and .thumbnail), and the photo's own size in pixels. */
export interface Preview {
  src: string;
  width: number;
  height: number;
}

/** What a library screen shows for a photo: its thumbnail, or a placeholder saying why there is none. */
export type ThumbnailResult =
  | { kind: 'shown'; preview: Preview }
  | { kind: 'placeholder'; reason: string };

/** Why a thumbnail could not be drawn, in words for the administrator: not a failure of the upload. */
export class ThumbnailProblem extends Error {
  override name = 'ThumbnailProblem';
}

export const NO_WEBP =
  'This browser cannot make thumbnails (it cannot save WebP images). The photo is stored and used as usual: open the library once in an up-to-date Chrome, Edge or Firefox to make its thumbnail.';
export const UNREADABLE =
  'This browser could not open the photo to make its thumbnail: it may be damaged, or in a format the browser cannot show. The photo is stored as it was sent; the next build says whether it can use it.';

/** The bucket's side: a photo's thumbnail folder, the bytes of a thumbnail or of the photo, storing and removing. */
export interface ThumbnailStore {
  /** The file names in a photo's thumbnail folder ("1795856254295-1600x1067.webp"); none when it has none. */
  list: (folder: string) => Promise<string[]>;
  read: (path: string) => Promise<Blob>;
  write: (path: string, thumbnail: Blob) => Promise<void>;
  /** The photo's own bytes. */
  original: (fullPath: string) => Promise<Blob>;
  remove: (path: string) => Promise<void>;
}

/** The browser's side: whether it can encode WebP, drawing a photo small (a ThumbnailProblem when it cannot), and showing bytes as a data: URL. */
export interface ThumbnailDrawing {
  canEncode: () => Promise<boolean>;
  draw(photo: Blob): Promise<{ thumbnail: Blob; width: number; height: number }>;
  show: (image: Blob) => Promise<string>;
}

/** The version of a photo a thumbnail belongs to. */
export interface PhotoVersion {
  fullPath: string;
  generation: string;
}

export interface Thumbnails {
  /** The photo's thumbnail: stored, else made now from the photo (once) and stored; a placeholder when it cannot be made. Rejects with the storage error when the bucket cannot be read. */
  of: (photo: PhotoVersion) => Promise<ThumbnailResult>;
  /** A photo was just stored from `file`: its thumbnail is drawn from that file, stored, and the photo's older thumbnails removed. */
  stored: (photo: PhotoVersion, file: Blob) => Promise<ThumbnailResult>;
  /** A photo was deleted: its thumbnails go too. */
  removed: (fullPath: string) => Promise<void>;
}

const keyOf = (photo: PhotoVersion) => `${photo.fullPath}#${photo.generation}`;

export interface ThumbnailOptions {
  /** Shared with anything else that decodes whole photos (the library's previews). */
  queue?: Queue;
  log?: (message: string) => void;
}

export function thumbnails(
  store: ThumbnailStore,
  drawing: ThumbnailDrawing,
  { queue = oneAtATime(), log = console.warn }: ThumbnailOptions = {},
): Thumbnails {
  const known = new Map<string, Promise<ThumbnailResult>>();
  let encodes: Promise<boolean> | undefined;

  const shown = async (
    image: Blob,
    size: Pick<ThumbnailName, 'width' | 'height'>,
  ): Promise<ThumbnailResult> => ({
    kind: 'shown',
    preview: { src: await drawing.show(image), width: size.width, height: size.height },
  });

  /** Draws the thumbnail from the photo's bytes and stores it; a failure to store still shows it (it is made again next time). */
  const make = async (
    photo: PhotoVersion,
    source: () => Promise<Blob>,
  ): Promise<ThumbnailResult> => {
    encodes ??= drawing.canEncode().catch(() => false);
    // Without an encoder, the photo is not even fetched: nothing could be made of it.
    if (!(await encodes)) return { kind: 'placeholder', reason: NO_WEBP };
    let drawn: Awaited<ReturnType<ThumbnailDrawing['draw']>>;
    try {
      drawn = await queue(async () => drawing.draw(await source()));
    } catch (error) {
      if (error instanceof ThumbnailProblem) return { kind: 'placeholder', reason: error.message };
      throw error;
    }
    const path = thumbnailPathOf(photo.fullPath, {
      generation: photo.generation,
      width: drawn.width,
      height: drawn.height,
    });
    await store
      .write(path, drawn.thumbnail)
      .catch((error: unknown) =>
        log(
          `The thumbnail ${path} could not be stored; it is made again next time: ${String(error)}`,
        ),
      );
    return shown(drawn.thumbnail, drawn);
  };

  const remember = (photo: PhotoVersion, result: Promise<ThumbnailResult>) => {
    const key = keyOf(photo);
    known.set(key, result);
    // A failure to reach the bucket is not remembered: the next look tries again.
    result.catch(() => known.get(key) === result && known.delete(key));
    return result;
  };

  /** Removes the photo's thumbnails but the one of `keep`'s generation. */
  const tidy = async (fullPath: string, keep?: string) => {
    const folder = thumbnailFolderOf(fullPath);
    const names = await store.list(folder);
    await Promise.all(
      names
        .filter((name) => readThumbnailName(name)?.generation !== keep)
        .map((name) => store.remove(`${folder}/${name}`)),
    );
  };

  return {
    of(photo) {
      const earlier = known.get(keyOf(photo));
      if (earlier) return earlier;
      return remember(
        photo,
        (async () => {
          const folder = thumbnailFolderOf(photo.fullPath);
          for (const name of await store.list(folder)) {
            const facts = readThumbnailName(name);
            if (facts?.generation === photo.generation)
              return shown(await store.read(`${folder}/${name}`), facts);
          }
          return make(photo, () => store.original(photo.fullPath));
        })(),
      );
    },

    stored(photo, file) {
      const result = remember(
        photo,
        make(photo, () => Promise.resolve(file)),
      );
      // The older versions' thumbnails go whether or not this one could be made: they show another photo.
      void result
        .catch(() => undefined)
        .then(() => tidy(photo.fullPath, photo.generation))
        .catch((error: unknown) =>
          log(`The older thumbnails of ${photo.fullPath} could not be removed: ${String(error)}`),
        );
      return result;
    },

    async removed(fullPath) {
      for (const key of known.keys()) if (key.startsWith(`${fullPath}#`)) known.delete(key);
      await tidy(fullPath);
    },
  };
}
