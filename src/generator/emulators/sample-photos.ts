// The sample photos `npm start` puts in the local bucket, so that a newcomer sees a working media
// library: simple drawings rendered with sharp as the emulator starts (no binary files in the
// repository). They exist only in the local emulator, and are gone when it stops. One has no alt
// text, to show how the library marks a photo that cannot be placed in content yet. Each comes with
// its thumbnail, as if uploaded through the library's screen (src/apps/media/thumbnails.ts).
import { loadSharp } from '../images/sharp.ts';
import { type PhotoType } from '../../kernel/wire/media-rules.ts';
import {
  THUMBNAIL_TYPE,
  THUMBNAIL_WIDTH,
  thumbnailPathOf,
} from '../../kernel/wire/thumbnail-rules.ts';
import { ALT_KEY, MEDIA_FOLDER } from '../../kernel/wire/library-reference.ts';
import { EMULATOR_OWNER, uploadObject, type BucketAddress } from './storage-rest.ts';

interface SamplePhoto {
  name: string;
  type: PhotoType;
  alt: string;
  svg: string;
}

const W = 1600;
const H = 1067;
const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

export const SAMPLE_PHOTOS: readonly SamplePhoto[] = [
  {
    name: 'kitchen-worktop.jpg',
    type: 'image/jpeg',
    alt: 'Drawing of a clean kitchen: teal cupboards under a wooden worktop, a kettle by a sunny window',
    svg: svg(
      `<rect width="1600" height="1067" fill="#fffdf8"/><rect x="980" y="120" width="420" height="330" fill="#cfe8f3" stroke="#46525e" stroke-width="14"/>` +
        `<circle cx="1300" cy="210" r="55" fill="#f2b53a"/><rect x="0" y="600" width="1600" height="60" fill="#b07a45"/><rect x="0" y="660" width="1600" height="407" fill="#0f5e63"/>` +
        `<g fill="#0a4347">${[80, 480, 880, 1280].map((x) => `<rect x="${x}" y="700" width="300" height="330" rx="12"/>`).join('')}</g>` +
        `<path d="M560 600 L560 470 Q600 430 680 430 Q760 430 780 470 L780 600 Z" fill="#6b3a6e"/><path d="M780 480 Q850 500 820 560" stroke="#6b3a6e" stroke-width="22" fill="none"/>`,
    ),
  },
  {
    name: 'living-room.webp',
    type: 'image/webp',
    alt: 'Drawing of a tidy living room: a plum sofa with cushions, a standing lamp and a striped rug',
    svg: svg(
      `<rect width="1600" height="1067" fill="#e3f1f1"/><rect x="0" y="760" width="1600" height="307" fill="#d5c4a8"/>` +
        `<rect x="340" y="470" width="900" height="300" rx="40" fill="#6b3a6e"/><rect x="300" y="560" width="120" height="260" rx="30" fill="#5a2f5d"/><rect x="1160" y="560" width="120" height="260" rx="30" fill="#5a2f5d"/>` +
        `<rect x="470" y="420" width="200" height="150" rx="30" fill="#f2b53a"/><rect x="900" y="420" width="200" height="150" rx="30" fill="#fffdf8"/>` +
        `<rect x="1380" y="260" width="16" height="560" fill="#1d2630"/><path d="M1300 270 L1476 270 L1430 160 L1346 160 Z" fill="#f2b53a"/>` +
        `<g>${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${420 + i * 130}" y="860" width="65" height="150" fill="${i % 2 ? '#0f5e63' : '#fffdf8'}"/>`).join('')}</g>`,
    ),
  },
  {
    name: 'garden-bench.png',
    type: 'image/png',
    alt: 'Drawing of a wooden bench on a lawn under a leafy tree, on a clear day',
    svg: svg(
      `<rect width="1600" height="1067" fill="#cfe8f3"/><rect x="0" y="700" width="1600" height="367" fill="#6aa84f"/>` +
        `<rect x="1080" y="300" width="70" height="450" fill="#7a5230"/><circle cx="1115" cy="260" r="230" fill="#2e7d32"/>` +
        `<rect x="380" y="640" width="560" height="40" fill="#b07a45"/><rect x="380" y="560" width="560" height="40" fill="#b07a45"/>` +
        `<rect x="410" y="680" width="30" height="140" fill="#7a5230"/><rect x="880" y="680" width="30" height="140" fill="#7a5230"/><circle cx="260" cy="180" r="90" fill="#f2b53a"/>`,
    ),
  },
  {
    name: 'hallway.jpg',
    type: 'image/jpeg',
    alt: '',
    svg: svg(
      `<rect width="1600" height="1067" fill="#fffdf8"/><path d="M0 1067 L560 640 L1040 640 L1600 1067 Z" fill="#b07a45"/>` +
        `<rect x="560" y="160" width="480" height="480" fill="#e3f1f1" stroke="#46525e" stroke-width="12"/><rect x="700" y="300" width="200" height="340" fill="#0f5e63"/>`,
    ),
  },
];

/** Renders the sample photos and uploads them to the local bucket with their alt text and their thumbnails (as the emulator's owner). */
export async function seedSamplePhotos(address: BucketAddress): Promise<string[]> {
  const sharp = await loadSharp();
  return Promise.all(
    SAMPLE_PHOTOS.map(async (photo) => {
      const image = sharp(Buffer.from(photo.svg));
      const bytes = await (
        photo.type === 'image/jpeg'
          ? image.jpeg({ quality: 82 })
          : photo.type === 'image/webp'
            ? image.webp({ quality: 80 })
            : image.png()
      ).toBuffer();
      const fullPath = `${MEDIA_FOLDER}/${photo.name}`;
      await seedPhoto(address, fullPath, bytes, {
        contentType: photo.type,
        customMetadata: photo.alt ? { [ALT_KEY]: photo.alt } : {},
      });
      return fullPath;
    }),
  );
}

/**
 * Stores a photo and its thumbnail as the library's screen would (a WebP THUMBNAIL_WIDTH pixels
 * wide, named after the photo's generation and size), as the emulator's owner: the sample photos,
 * and the photos the tests put in a bucket.
 */
export async function seedPhoto(
  address: BucketAddress,
  fullPath: string,
  bytes: Buffer,
  metadata: { contentType: string; customMetadata?: Record<string, string> },
  thumbnail?: Uint8Array,
): Promise<{ generation: string }> {
  const stored = await uploadObject(address, fullPath, bytes, metadata, EMULATOR_OWNER);
  if (!stored.ok)
    throw new Error(
      `Seeding ${fullPath} into the local bucket failed: HTTP ${stored.status} ${await stored.text()}`,
    );
  const { generation } = (await stored.json()) as { generation: string };
  const sharp = await loadSharp();
  const { width, height } = await sharp(bytes).metadata();
  const small =
    thumbnail ??
    (await sharp(bytes)
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer());
  const path = thumbnailPathOf(fullPath, { generation, width, height });
  const kept = await uploadObject(
    address,
    path,
    small,
    { contentType: THUMBNAIL_TYPE },
    EMULATOR_OWNER,
  );
  if (!kept.ok)
    throw new Error(
      `Seeding ${path} into the local bucket failed: HTTP ${kept.status} ${await kept.text()}`,
    );
  return { generation };
}
