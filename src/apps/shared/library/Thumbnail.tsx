import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MediaLibrary, Preview } from '../../media/library.ts';
import type { ThumbnailResult } from '../../media/thumbnails.ts';
import type { LibraryPhoto } from '../../../kernel/wire/media-library.ts';
import { altOf } from './photos.ts';

type State = { status: 'waiting' } | ThumbnailResult | { status: 'failed' };

/**
 * A library photo drawn small, fetched once it comes near the screen: its stored thumbnail
 * (MediaLibrary.thumbnail, about 480 pixels wide, made once when it has none), or with `width`,
 * the photo itself drawn at that width (MediaLibrary.preview: a photo's details). Its box has the
 * size of the image it will hold, so nothing moves when it arrives. A photo whose thumbnail cannot
 * be made shows a placeholder saying why. `onSize` gets the photo's own size in pixels.
 */
export function Thumbnail({
  photo,
  library,
  width,
  className,
  onSize,
}: {
  photo: LibraryPhoto;
  library: Pick<MediaLibrary, 'preview' | 'thumbnail'>;
  width?: number;
  className: string;
  onSize?: (size: { width: number; height: number } | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { fullPath, generation } = photo.file;
  // The answer for this version of the photo at this width: waiting while it is for another (a
  // replaced photo, a new generation, is drawn again).
  const asked = `${width ?? 'thumbnail'} ${generation} ${fullPath}`;
  const [answer, setAnswer] = useState<{ asked: string; state: State } | null>(null);
  const state: State = answer?.asked === asked ? answer.state : { status: 'waiting' };
  // The caller's, which may change on each render: the latest is called, without drawing again.
  const sized = useRef(onSize);
  useLayoutEffect(() => {
    sized.current = onSize;
  });

  useEffect(() => {
    let current = true;
    const load = async (): Promise<ThumbnailResult> =>
      width === undefined
        ? library.thumbnail({ fullPath, generation })
        : { kind: 'shown', preview: await library.preview(fullPath, width) };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load().then(
          (result) => {
            if (!current) return;
            setAnswer({ asked, state: result });
            sized.current?.(
              result.kind === 'shown'
                ? { width: result.preview.width, height: result.preview.height }
                : null,
            );
          },
          () => {
            if (current) setAnswer({ asked, state: { status: 'failed' } });
          },
        );
      },
      { rootMargin: '400px' },
    );
    if (box.current) observer.observe(box.current);
    return () => {
      current = false;
      observer.disconnect();
    };
  }, [library, fullPath, generation, width, asked]);

  const shown: Preview | null = 'kind' in state && state.kind === 'shown' ? state.preview : null;
  return (
    <div ref={box} className={className} data-status={'kind' in state ? state.kind : state.status}>
      {shown ? (
        <img src={shown.src} alt={altOf(photo)} width={shown.width} height={shown.height} />
      ) : null}
      {'kind' in state && state.kind === 'placeholder' ? (
        <div className="admin-thumb-placeholder">
          <p className="admin-thumb-placeholder-title">No thumbnail</p>
          <p className="admin-note">{state.reason}</p>
        </div>
      ) : null}
      {'status' in state && state.status === 'failed' ? (
        <p className="admin-note">The photo could not be shown.</p>
      ) : null}
    </div>
  );
}
