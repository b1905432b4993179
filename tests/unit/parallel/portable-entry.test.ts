// Entries loaded on a worker thread or read from the cache carry their front-matter lines as a
// table. For every path the cross-checks can ask about, the table gives what the parsed YAML gives.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContent, type ContentEntry, type LoadedContent } from '../../../src/content/load-content.ts';
import { fromPortable, toPortable } from '../../../src/parallel/portable-entry.ts';
import { FIXTURES, PROJECT_ROOT, REAL_CONTENT } from '../support/sites.ts';

function entriesOf(content: LoadedContent): ContentEntry<unknown>[] {
  return [...content.services, ...content.areas, ...content.faqs, ...content.pages, ...content.errorPages, ...content.contacts, content.profile, content.navigation, content.contactRouting];
}

/** Every path in the data, and for each a missing child field and a missing list item below it. */
function pathsToAsk(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const here = [prefix, [...prefix, 'not-a-field'], [...prefix, 7, 'label']];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => pathsToAsk(item, [...prefix, i]))];
  if (value !== null && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsToAsk(item, [...prefix, key]))];
  return here;
}

describe('portable entries', () => {
  for (const [name, contentDir] of [['the real content', REAL_CONTENT], ['the minimal site', path.join(FIXTURES, 'minimal-site')]] as const) {
    it(`keep lineOf, textLineOf and body lines of ${name}`, async () => {
      const { content } = await readContent({ contentDir, displayRoot: PROJECT_ROOT });
      const entries = entriesOf(content!);
      expect(entries.length).toBeGreaterThan(20);
      let asked = 0;
      for (const entry of entries) {
        const copy = fromPortable(structuredClone(toPortable(entry)));
        expect(copy.file).toBe(entry.file);
        expect(copy.data).toEqual(entry.data);
        expect(copy.body?.html).toBe(entry.body?.html);
        expect(copy.bodyLineToFileLine(3)).toBe(entry.bodyLineToFileLine(3));
        for (const fieldPath of pathsToAsk(entry.data)) {
          expect(copy.lineOf(fieldPath), `${entry.file} ${fieldPath.join('.')}`).toBe(entry.lineOf(fieldPath));
          expect(copy.textLineOf(fieldPath), `${entry.file} ${fieldPath.join('.')} (text)`).toBe(entry.textLineOf(fieldPath));
          asked += 1;
        }
      }
      expect(asked).toBeGreaterThan(1000);
    });
  }

  it('can be copied to another thread: its functions are not enumerable', async () => {
    const { content } = await readContent({ contentDir: REAL_CONTENT, displayRoot: PROJECT_ROOT });
    const copy = fromPortable(toPortable(content!.areas[0]!));
    expect(Object.keys(copy)).toEqual(['file', 'name', 'data', 'body', 'blockMarkdown']);
    expect(() => structuredClone(copy)).not.toThrow();
  });
});
