import type { Preview } from './library.ts';

/**
 * Draws a photo at most `width` pixels wide and returns it as a WebP data: URL, with the photo's
 * own size. Browser only (createImageBitmap and a canvas; no style, no script: the CSP holds).
 */
export async function drawPreview(blob: Blob, width: number): Promise<Preview> {
  const bitmap = await createImageBitmap(blob);
  try {
    const scale = Math.min(1, width / bitmap.width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return { src: canvas.toDataURL('image/webp', 0.8), width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}
