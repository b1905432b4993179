// Synthetic area pages for the benchmark: deterministic (a seeded generator, no clock, no
// Math.random), in the project's own content format, about 300 words each. The real site's
// content is copied beside them, so the real pipeline validates and cross-checks them as usual.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** mulberry32: a small, well-known seeded generator; the same seed gives the same site. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const QUALIFIERS = [
  '',
  'Upper',
  'Lower',
  'North',
  'South',
  'East',
  'West',
  'Little',
  'Great',
  'Old',
  'New',
  'Nether',
];
const STEMS = [
  'Ash',
  'Bex',
  'Birch',
  'Bram',
  'Brock',
  'Burn',
  'Chal',
  'Chip',
  'Church',
  'Clay',
  'Cray',
  'Crock',
  'Dun',
  'Elm',
  'Fair',
  'Farn',
  'Fox',
  'Glen',
  'Green',
  'Hal',
  'Hart',
  'Hazel',
  'Holm',
  'Kem',
  'Kings',
  'Lang',
  'Lark',
  'Lea',
  'Maple',
  'Marl',
  'Mill',
  'Nor',
  'Oak',
  'Pen',
  'Pound',
  'Queens',
  'Red',
  'Rook',
  'Rush',
  'Sand',
  'Shaw',
  'Stan',
  'Stone',
  'Thorn',
  'Wal',
];
const ENDINGS = [
  'ford',
  'leigh',
  'wood',
  'field',
  'ham',
  'ton',
  'hurst',
  'den',
  'well',
  'bury',
  'combe',
  'stead',
  'worth',
  'gate',
  'brook',
  'more',
  'ley',
  'cote',
  'wick',
  'by',
];
const DISTRICTS = [
  'BR1',
  'BR2',
  'BR3',
  'BR4',
  'BR5',
  'BR6',
  'BR7',
  'BR8',
  'DA5',
  'DA14',
  'DA15',
  'SE9',
  'SE12',
  'SE20',
  'CR0',
  'TN16',
];
/** The real site's services, by slug, with the words the copy uses for them. */
const SERVICES: [string, string][] = [
  ['domestic-cleaning-services', 'regular domestic clean'],
  ['end-of-tenancy-cleaning-services', 'end-of-tenancy clean'],
  ['oven-cleaning-services', 'oven cleaning'],
  ['carpet-cleaning-services', 'carpet cleaning'],
  ['deep-cleaning-services', 'deep clean'],
  ['window-cleaning-services', 'window cleaning'],
  ['cleaning-services-busy-professionals', 'cleaning for busy professionals'],
  ['seasonal-cleaning-services', 'seasonal clean'],
];
const HOMES = [
  'Victorian terraces',
  'Edwardian semis',
  '1930s semis',
  'purpose-built flats',
  'converted flats',
  'new-build houses',
  'detached family houses',
  'bungalows',
  'maisonettes',
];
const LANDMARKS = [
  'the high street',
  'the station',
  'the common',
  'the recreation ground',
  'the parish church',
  'the library',
  'the village green',
  'the park',
  'the parade of shops',
];
const SENTENCES = [
  'Most customers here book a fortnightly visit and keep the same cleaner from one visit to the next.',
  'We agree a short list of priorities on the first visit, so the time goes where it matters most to you.',
  'Your cleaner brings the products and equipment, and we use your own where you prefer them.',
  'If you are out at work, we can hold a key or use a key safe, and we lock up when we leave.',
  'Parking is usually easy away from the main roads, but tell us about permit zones near the station.',
  'Kitchens and bathrooms get the most attention, because that is where grease and limescale build up.',
  'Before a tenancy ends, landlords and letting agents look first at the oven, the cupboards and the bathroom.',
  'Carpets in hallways and on stairs take the most foot traffic, so spring is a popular time to book a clean.',
  'Older relatives often enjoy the same friendly face each week, and we keep the visit at a gentle pace.',
  'We send a reminder the day before each visit, and you can move a visit with a day of notice.',
  'Every cleaner is vetted and insured, and you can ask for the same person each time.',
  'After a building job, a deep clean deals with the dust that settles on every shelf and skirting board.',
];

export interface SyntheticArea {
  slug: string;
  name: string;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** N unique place names, in a seeded order. */
export function placeNames(count: number, random: () => number): SyntheticArea[] {
  const names: string[] = [];
  for (const qualifier of QUALIFIERS)
    for (const stem of STEMS)
      for (const ending of ENDINGS) names.push(`${qualifier} ${stem}${ending}`.trim());
  if (count > names.length) throw new Error(`At most ${names.length} synthetic areas`);
  // A seeded Fisher–Yates shuffle, then the first N.
  for (let i = names.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [names[i], names[j]] = [names[j]!, names[i]!];
  }
  return names
    .slice(0, count)
    .map((name) => ({ name, slug: `bench-${name.toLowerCase().replace(/\s+/g, '-')}` }));
}

/** One area page's front matter and body: about 300 words of Markdown, with links to services and neighbours. */
export function areaPage(
  area: SyntheticArea,
  neighbours: readonly SyntheticArea[],
  random: () => number,
): { frontMatter: string; body: string } {
  const district = pick(random, DISTRICTS);
  const services = [
    ...new Set([
      pick(random, SERVICES),
      pick(random, SERVICES),
      pick(random, SERVICES),
      SERVICES[0]!,
    ]),
  ];
  const homes = [pick(random, HOMES), pick(random, HOMES)];
  const landmark = pick(random, LANDMARKS);
  const paragraph = (count: number) =>
    Array.from({ length: count }, () => pick(random, SENTENCES)).join(' ');
  const serviceLinks = services.map(([slug, words]) => `[${words}](/${slug})`);
  const frontMatter = [
    `slug: ${area.slug}`,
    `name: ${area.name}`,
    `title: Home Cleaning in ${area.name}, ${district} | Ardent`,
    `description: "Cleaners for homes in ${area.name} and around ${landmark}: regular, end-of-tenancy, oven and carpet cleaning in ${district}."`,
    `heading: Cleaning services in ${area.name}`,
    `summary: Regular cleans, tenancy changeovers, ovens and carpets for ${homes[0]} and ${homes[1]} across ${district}.`,
    'inNavigation: false',
    `postcodes: [${district}]`,
    'services:',
    ...services.map(([slug]) => `  - ${slug}`),
    'neighbours:',
    ...neighbours.map((neighbour) => `  - ${neighbour.slug}`),
    'blocks:',
    '  - type: hero',
    `    heading: Cleaning services in ${area.name}`,
    `    lead: From ${homes[0]} near ${landmark} to ${homes[1]} further out, we clean homes of every size in ${area.name}.`,
    '    actions:',
    '      - label: Get a quote',
    '        href: /contact',
    '  - type: body',
    '  - type: services-grid',
    `    heading: Services often booked in ${area.name}`,
    '  - type: call-to-action',
    `    heading: Need a cleaner in ${area.name}?`,
    '    text: Send us a few details about your home and we will suggest the right kind of clean for it.',
    '    action:',
    '      label: Get in touch',
    '      href: /contact',
  ].join('\n');
  const body = [
    `## Homes in ${area.name}`,
    '',
    `${area.name} is mostly ${homes[0]} and ${homes[1]}, with a few streets of newer homes close to ${landmark}. ${paragraph(2)}`,
    '',
    `## What people book in ${area.name}`,
    '',
    `Many households here book a ${serviceLinks[0]}, and ${serviceLinks.slice(1).join(' and ')} are often asked for too. ${paragraph(3)}`,
    '',
    '- **Getting in.** Tell us about a key safe, a concierge or a shared entrance before the first visit.',
    '- **Parking.** We ask whether there is a permit, a bay nearby or a space on the drive.',
    '- **Pets.** Let us know about dogs and cats, and any rooms that should stay closed.',
    '',
    `## Nearby areas`,
    '',
    `We also clean in ${neighbours.map((neighbour) => `[${neighbour.name}](/cleaning-services-${neighbour.slug})`).join(', ')}. ${paragraph(2)}`,
    '',
  ].join('\n');
  return { frontMatter, body };
}

export interface GenerateOptions {
  /** The real content folder to copy (site, services, pages, …). */
  sourceContent: string;
  /** Created; must not exist yet or be empty. */
  contentDir: string;
  /** Just the synthetic pages, for Eleventy and Hugo: one Markdown file each, same front matter and body. */
  markdownDir: string;
  count: number;
  seed?: number;
}

/** Writes the content tree for the real pipeline, and the same N pages as plain Markdown for the others. */
export function generate({
  sourceContent,
  contentDir,
  markdownDir,
  count,
  seed = 20_240_601,
}: GenerateOptions): SyntheticArea[] {
  const random = seededRandom(seed);
  cpSync(sourceContent, contentDir, { recursive: true });
  mkdirSync(markdownDir, { recursive: true });
  const areas = placeNames(count, random);
  for (const [index, area] of areas.entries()) {
    // Three neighbours: the next pages in the list, wrapping round, so every link resolves.
    const neighbours = [1, 2, 3]
      .map((step) => areas[(index + step) % areas.length]!)
      .filter((other) => other !== area);
    const { frontMatter, body } = areaPage(area, neighbours, random);
    const file = `---\n${frontMatter}\n---\n\n${body}`;
    writeFileSync(path.join(contentDir, 'areas', `${area.slug}.md`), file);
    writeFileSync(path.join(markdownDir, `${area.slug}.md`), file);
  }
  return areas;
}
