import type { Preview } from './library.ts';
/** Small drawings are WebP (where the browser can encode it). */
const WEBP = 'image/webp';

/**
 * Draws a photo at most `width` pixels wide as WebP, with the photo's own size. The decoding and
 * the resizing happen off the main thread (createImageBitmap), and so does the encoding
 * (OffscreenCanvas.convertToBlob, asynchronous): the main thread only copies a small bitmap onto
 * the canvas, so no worker is needed to keep input responsive. Rejects when this browser cannot
 * open the photo. Browser only; no style and no script, so the CSP holds.
 */
export async function drawSmall(
  photo: Blob,
  width: number,
): Promise<{ image: Blob; width: number; height: number }> {
  const full = await createImageBitmap(photo);
  const scale = Math.min(1, width / full.width);
  const size = {
    width: Math.max(1, Math.round(full.width * scale)),
    height: Math.max(1, Math.round(full.height * scale)),
  };
  const original = { width: full.width, height: full.height };
  let small: ImageBitmap;
  try {
    small = await createImageBitmap(full, {
      resizeWidth: size.width,
      resizeHeight: size.height,
      resizeQuality: 'medium',
    });
  } finally {
    full.close();
  }
  try {
    const canvas = new OffscreenCanvas(size.width, size.height);
    canvas.getContext('2d')!.drawImage(small, 0, 0);
    return { image: await canvas.convertToBlob({ type: WEBP, quality: 0.8 }), ...original };
  } finally {
    small.close();
  }
}

export function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // readAsDataURL gives a string.
    reader.addEventListener('load', () => resolve(reader.result as string));
    reader.addEventListener('error', () => reject(reader.error));
    reader.readAsDataURL(blob);
  });
}

/** A photo drawn at most `width` pixels wide, as a data: URL, with its own size: the builder's page preview and a photo's details. */
export async function drawPreview(photo: Blob, width: number): Promise<Preview> {
  const drawn = await drawSmall(photo, width);
  return { src: await dataUrlOf(drawn.image), width: drawn.width, height: drawn.height };
}
