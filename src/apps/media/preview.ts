import type { Preview } from './library.ts';

/**
 * Draws a photo at most `width` pixels wide and returns it as a WebP data: URL, with the photo's
 * own size. The decoding, the resizing and the encoding all happen off the main thread
 * (createImageBitmap, OffscreenCanvas.convertToBlob), so a page of thumbnails never blocks input.
 * Browser only; no style and no script, so the CSP holds.
 */
export async function drawPreview(blob: Blob, width: number): Promise<Preview> {
  const full = await createImageBitmap(blob);
  const scale = Math.min(1, width / full.width);
  const size = { width: Math.max(1, Math.round(full.width * scale)), height: Math.max(1, Math.round(full.height * scale)) };
  const small = await createImageBitmap(full, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'medium' });
  const original = { width: full.width, height: full.height };
  full.close();
  try {
    const canvas = new OffscreenCanvas(size.width, size.height);
    canvas.getContext('2d')!.drawImage(small, 0, 0);
    const encoded = await canvas.convertToBlob({ type: 'image/webp', quality: 0.8 });
    return { src: await dataUrlOf(encoded), ...original };
  } finally {
    small.close();
  }
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
