// The header's logo (Header.tsx), which retries a failed load once: the logo is the one image
// every page shows above the fold.
import { useCallback, useEffect, useRef, useState } from 'react';

export /** A logo that fails to load is retried once, with a cache-busting query. */
function Logo({ src, alt }: { src: string; alt: string }) {
  const [current, setCurrent] = useState(src);
  const imgRef = useRef<HTMLImageElement>(null);
  const retry = useCallback(
    () => setCurrent((shown) => (shown === src ? cacheBusted(src) : shown)),
    [src],
  );
  // The image may have failed before the island hydrated, when no error handler was listening yet.
  useEffect(() => {
    const img = imgRef.current;
    if (img?.complete && img.naturalWidth === 0) retry();
  }, [retry]);
  return <img ref={imgRef} src={current} alt={alt} width={240} height={64} onError={retry} />;
}

function cacheBusted(src: string): string {
  return `${src}${src.includes('?') ? '&' : '?'}retry=${Date.now()}`;
}
