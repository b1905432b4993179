import type { ContentEntry } from '../content/entry.ts';
import type { ParsedMarkdown } from '../content/markdown.ts';
import type { Image } from '../schema/index.ts';
import type { ImageReference } from './reference-checks.ts';

type Located = Pick<ContentEntry, 'file' | 'lineOf'>;

/** The images of a Markdown text; `toFileLine` turns its lines into file lines. */
export function markdownImageReferences(
  entry: Located,
  parsed: ParsedMarkdown,
  toFileLine: (line: number) => number,
  field?: string,
): ImageReference[] {
  return parsed.images.map((image) => ({
    src: image.url,
    alt: image.alt,
    file: entry.file,
    line: toFileLine(image.line),
    field,
    from: 'markdown',
  }));
}

/** The `images:` list of an entry's front matter (services have one). */
export function frontMatterImageReferences(entry: Located, data: unknown): ImageReference[] {
  const images = (data as { images?: Image[] } | null)?.images;
  if (!Array.isArray(images)) return [];
  return images.map((image, i) => ({
    src: image.src,
    alt: image.alt,
    file: entry.file,
    line: entry.lineOf(['images', i, 'src']),
    field: `images.${i}.src`,
    altAt: { line: entry.lineOf(['images', i, 'alt']), field: `images.${i}.alt` },
    from: 'front-matter',
  }));
}
