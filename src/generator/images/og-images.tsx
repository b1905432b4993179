// The Open Graph image of each branch: the picture shown when a page is shared. A 1200×630 PNG,
// drawn at build from the branch's logo in public/ on a brand-coloured card. It needs only the
// business profile, so the build starts it before the rest of the content is loaded, and sharp
// draws it on its own threads. It is cached in .cache/og/ by a hash of all it is made from.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ContentEntry } from '../../kernel/content/entry.ts';
import type { ContentProblem } from '../../kernel/errors/problems.ts';
import type { Branch, BusinessProfile } from '../../kernel/schema/index.ts';
import { hashOf, type DiskCache } from './disk-cache.ts';
import { systemFontsKey } from './system-fonts.ts';
import type { EncodeReport } from './responsive-images.ts';
import { loadSharp, SHARP_VERSION } from './sharp.ts';

const OG_WIDTH = 1200;
const OG_HEIGHT = 630;
const OG_OUTPUT_DIR = 'assets/og';

/** Bumped when the drawing code changes what it draws. */
const OG_VERSION = '1';

/** The brand colours of src/kernel/styles/site.css: --teal and --plum. */
const BRAND: Record<Branch, string> = { cleaning: '#0f5e63', wellbeing: '#6b3a6e' };
const PAPER = '#fffdf8';
const MUTED = '#46525e';
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/** The card inside the brand-coloured border, and the box the logo is fitted into. */
const CARD = { inset: 48, radius: 36 };
const LOGO_BOX = { width: 840, height: 260 };
/**
 * Full-colour PNG (RGB, no alpha) at zlib level 6: about 30 KB and 15 ms a card. A palette PNG is
 * 10 KB, but its quantisation takes 70 ms, and these files are fetched only by the sites a page is
 * shared on.
 */
const PNG = { compressionLevel: 6 } as const;

import type { OgImage } from '../../kernel/images/responsive-image.ts';

interface OgCard {
  branch: Branch;
  image: OgImage;
  logo: Buffer;
  /** The card without its logo, as SVG; the logo is composited onto it, trimmed and centred. */
  background: string;
  tagline: boolean;
}

export interface StartedOgImages {
  /** Each branch's image, by branch; empty when the profile did not load (its problems are reported by the content check). */
  images: Partial<Record<Branch, OgImage>>;
  /** Logos that could not be read. */
  problems: ContentProblem[];
  /** The PNG files, being drawn (or read from the cache). */
  files: Promise<EncodeReport>;
}

/** Reads the branch logos, names the images after a hash of their inputs, and starts drawing them. */
export async function startOgImages(
  profile: ContentEntry<BusinessProfile> | undefined,
  options: { publicDir: string; cache: DiskCache; wanted?: (outputPath: string) => boolean },
): Promise<StartedOgImages> {
  const problems: ContentProblem[] = [];
  const cards: OgCard[] = [];
  for (const branch of Object.keys(BRAND) as Branch[]) {
    const details = profile?.data.branches[branch];
    if (!profile || !details) continue;
    const logoFile = path.join(options.publicDir, details.logo);
    const logo = logoFile.startsWith(options.publicDir + path.sep)
      ? await readFile(logoFile).catch(() => undefined)
      : undefined;
    if (!logo) {
      problems.push({
        code: 'missing-image',
        file: profile.file,
        line: profile.lineOf(['branches', branch, 'logo']),
        field: `branches.${branch}.logo`,
        message: `There is no file public${details.logo}; the image shown when a ${details.name} page is shared is drawn from it.`,
      });
      continue;
    }
    const background = renderToStaticMarkup(
      <Background colour={BRAND[branch]} tagline={details.tagline} />,
    );
    const key = hashOf([
      OG_VERSION,
      SHARP_VERSION,
      JSON.stringify({ LOGO_BOX, PNG }),
      background,
      logo,
      ...(details.tagline ? [systemFontsKey()] : []),
    ]);
    const outputPath = `${OG_OUTPUT_DIR}/${slug(details.name)}-${key}.png`;
    cards.push({
      branch,
      image: {
        path: outputPath,
        url: `/${outputPath}`,
        width: OG_WIDTH,
        height: OG_HEIGHT,
        type: 'image/png',
        alt: details.tagline ? `${details.name}: ${details.tagline}` : details.name,
      },
      logo,
      background,
      tagline: details.tagline !== undefined,
    });
  }
  const images: StartedOgImages['images'] = Object.fromEntries(
    cards.map((card) => [card.branch, card.image]),
  );
  const wanted = options.wanted ?? (() => true);
  const files =
    problems.length > 0
      ? Promise.resolve({ files: [], encoded: 0, cached: 0 })
      : drawAll(
          cards.filter((card) => wanted(card.image.path)),
          options.cache,
        );
  // Awaited only when the rest of the build succeeds; a failure is not left unhandled meanwhile.
  files.catch(() => {});
  return { images, problems, files };
}

async function drawAll(cards: readonly OgCard[], cache: DiskCache): Promise<EncodeReport> {
  const report: EncodeReport = { files: [], encoded: 0, cached: 0 };
  await Promise.all(
    cards.map(async (card) => {
      const name = path.basename(card.image.path);
      let contents = await cache.read(name);
      if (contents) {
        report.cached += 1;
      } else {
        contents = await draw(card);
        report.encoded += 1;
        await cache.write(name, contents);
      }
      report.files.push({ path: card.image.path, contents });
    }),
  );
  report.files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return report;
}

/** The logo, drawn at the size it is shown (never scaled after drawing), trimmed to its ink and centred on the card. */
async function draw(card: OgCard): Promise<Buffer> {
  const sharp = await loadSharp();
  const metadata = await sharp(card.logo).metadata();
  const scale = Math.min(LOGO_BOX.width / metadata.width, LOGO_BOX.height / metadata.height);
  const logo =
    metadata.format === 'svg'
      ? sharp(card.logo, { density: 72 * scale })
      : sharp(card.logo).resize({ width: Math.round(metadata.width * scale) });
  const { data, info } = await logo
    .trim()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const centreY = card.tagline ? 285 : OG_HEIGHT / 2;
  return sharp(Buffer.from(card.background))
    .composite([
      {
        input: data,
        raw: { width: info.width, height: info.height, channels: info.channels },
        left: Math.round((OG_WIDTH - info.width) / 2),
        top: Math.round(centreY - info.height / 2),
      },
    ])
    .removeAlpha()
    .png(PNG)
    .toBuffer();
}

/** The card: a brand-coloured border round paper, and the tagline, if any, under where the logo goes. */
function Background({ colour, tagline }: { colour: string; tagline?: string }) {
  const { inset, radius } = CARD;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={OG_WIDTH}
      height={OG_HEIGHT}
      viewBox={`0 0 ${OG_WIDTH} ${OG_HEIGHT}`}
    >
      <rect width={OG_WIDTH} height={OG_HEIGHT} fill={colour} />
      <rect
        x={inset}
        y={inset}
        width={OG_WIDTH - 2 * inset}
        height={OG_HEIGHT - 2 * inset}
        rx={radius}
        fill={PAPER}
      />
      {tagline ? (
        <text
          x={OG_WIDTH / 2}
          y={478}
          textAnchor="middle"
          fontFamily={FONT}
          fontSize={34}
          fill={MUTED}
        >
          {tagline}
        </text>
      ) : null}
    </svg>
  );
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'branch';
