import { useEffect, useRef, useState } from 'react';
import type { MediaLibrary, Preview } from '../../media/library.ts';
import type { LibraryPhoto } from '../../../kernel/wire/media-library.ts';
import { altOf } from './photos.ts';

type State = { status: 'waiting' } | { status: 'shown'; preview: Preview } | { status: 'failed' };

/**
 * A library photo drawn small (MediaLibrary.preview), fetched once it comes near the screen. Its
 * box has the size of the image it will hold, so nothing moves when it arrives. `onSize` gets the
 * photo's own size in pixels.
 */
export function Thumbnail({ photo, library, width, className, onSize }: { photo: LibraryPhoto; library: Pick<MediaLibrary, 'preview'>; width: number; className: string; onSize?: (size: { width: number; height: number }) => void }) {
  const [state, setState] = useState<State>({ status: 'waiting' });
  const box = useRef<HTMLDivElement>(null);
  const { fullPath, generation } = photo.file;

  useEffect(() => {
    let current = true;
    setState({ status: 'waiting' });
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        library.preview(fullPath, width).then(
          (preview) => {
            if (!current) return;
            setState({ status: 'shown', preview });
            onSize?.({ width: preview.width, height: preview.height });
          },
          () => current && setState({ status: 'failed' }),
        );
      },
      { rootMargin: '400px' },
    );
    if (box.current) observer.observe(box.current);
    return () => {
      current = false;
      observer.disconnect();
    };
    // A replaced photo (a new generation) is drawn again; onSize is the caller's and may change on each render.
  }, [library, fullPath, generation, width]);

  return (
    <div ref={box} className={className} data-status={state.status}>
      {state.status === 'shown' ? <img src={state.preview.src} alt={altOf(photo)} width={state.preview.width} height={state.preview.height} /> : null}
      {state.status === 'failed' ? <p className="admin-note">The photo could not be shown.</p> : null}
    </div>
  );
}
