// The W3C checker's gate (src/generator/gates/w3c-validity.ts): what it reports of each error, and
// what it says when it cannot check. npm test's `w3c html` step runs it on the built site and on the
// broken fixture (tests/runners/w3c-html.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatW3cErrors,
  JAVA_NEEDED,
  w3cErrors,
} from '../../../../src/generator/gates/w3c-validity.ts';

// The two errors the checker found on /contact (issue 34), and the same page mended.
const page = (summary: string, form: string) =>
  [
    '<!doctype html>',
    '<html lang="en">',
    '<title>Contact</title>',
    `<div tabindex="-1" ${summary}aria-labelledby="problems-heading"><h2 id="problems-heading">There is a problem</h2></div>`,
    `<form name="enquiry" data-netlify="true" ${form}="bot-field"></form>`,
    '',
  ].join('\n');

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'w3c-gate-'));
  writeFileSync(join(root, 'broken.html'), page('', 'netlify-honeypot'));
  writeFileSync(join(root, 'mended.html'), page('role="group" ', 'data-netlify-honeypot'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the W3C checker gate', () => {
  // It starts Java: seconds, on a busy machine more than vitest's default 5.
  it(
    'reports each error with its page, line, column and message, and nothing on a valid page',
    { timeout: 60_000 },
    async () => {
      const errors = await w3cErrors(root, [join(root, 'broken.html'), join(root, 'mended.html')]);
      expect(errors.map(({ file, line, column }) => ({ file, line, column }))).toEqual([
        { file: 'broken.html', line: 4, column: 1 },
        { file: 'broken.html', line: 5, column: 1 },
      ]);
      expect(errors[0]!.message).toMatch(
        /^The “aria-labelledby” attribute must not be specified on any “div” element unless the element has a “role” value other than/,
      );
      expect(errors[1]!.message).toBe(
        'Attribute “netlify-honeypot” not allowed on element “form” at this point.',
      );
      // Then, indented, the markup it is about.
      const [said, markup] = formatW3cErrors(errors)[1]!.split('\n');
      expect(said).toBe(
        'broken.html:5:1 Attribute “netlify-honeypot” not allowed on element “form” at this point.',
      );
      expect(markup).toMatch(
        /^ {4}\S.*<form name="enquiry" data-netlify="true" netlify-honeypot="bot-field">/,
      );
    },
  );

  it('refuses a page that is not there (the checker itself would pass over it without a word)', async () => {
    await expect(
      w3cErrors(root, [join(root, 'mended.html'), join(root, 'gone.html')]),
    ).rejects.toThrow('Cannot check pages that do not exist: gone.html');
  });

  it('says how to install Java when there is none, and downloads nothing', async () => {
    const path = process.env.PATH;
    process.env.PATH = root;
    try {
      await expect(w3cErrors(root, [join(root, 'mended.html')])).rejects.toThrow(JAVA_NEEDED);
    } finally {
      process.env.PATH = path;
    }
  });
});
