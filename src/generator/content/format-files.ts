// `npm run format:content` and the canonical-format warning of `npm run check`: every content file
// compared with its canonical form (canonical.ts), and rewritten into it on request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalText } from '../../kernel/content/canonical-document.ts';
import { schemaOf } from '../../kernel/content/collections.ts';
import { displayPath } from './load-entry.ts';
import { schemaOfFile } from './load-content.ts';

/** The canonical text of a content file, or null when it cannot be read as one (the check reports why). */
export function canonicalTextOf(contentDir: string, absolute: string, text: string): string | null {
  const key = schemaOfFile(contentDir, absolute);
  return key ? canonicalText(absolute, text, schemaOf(key)) : null;
}

export interface FormatResult {
  /** Content files, as shown to the user (relative to `displayRoot`). */
  checked: number;
  /** Files that were not in the canonical form (and, when writing, now are). */
  changed: string[];
}

/** Every content file compared with its canonical form; rewritten into it when `write` is set. */
export function formatContentFiles(
  contentDir: string,
  { write = false, displayRoot = process.cwd() } = {},
): FormatResult {
  const files = (readdirSync(contentDir, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(contentDir, name))
    .filter((absolute) => schemaOfFile(contentDir, absolute) !== undefined)
    .sort();
  const changed: string[] = [];
  for (const absolute of files) {
    const text = readFileSync(absolute, 'utf8');
    const canonical = canonicalTextOf(contentDir, absolute, text);
    if (canonical === null || canonical === text) continue;
    changed.push(displayPath(absolute, displayRoot));
    if (write) writeFileSync(absolute, canonical);
  }
  return { checked: files.length, changed };
}
