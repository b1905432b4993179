// Each page's payload carries the git blob of its file, which a proposal sends back: it must be
// the very name git gives the file's text, or every edit would be refused as stale.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { gitBlobOf } from '../../../../src/generator/emit/builder-files.ts';
import { builderFixture } from '../../../support/builder-site.ts';
import { PROJECT_ROOT } from '../../../support/sites.ts';

it('gives each page the blob `git hash-object` gives its content file', async () => {
  const { payloads } = await builderFixture();
  expect(payloads.length).toBeGreaterThan(10);
  for (const payload of payloads) {
    const text = await readFile(path.join(PROJECT_ROOT, payload.path), 'utf8');
    expect(payload.blob, payload.path).toBe(
      execFileSync('git', ['hash-object', '--stdin'], { input: text, encoding: 'utf8' }).trim(),
    );
  }
});

it('counts bytes, not characters, as git does', () => {
  const text = 'title: Café cleaning — £25 an hour\n';
  expect(gitBlobOf(text)).toBe(
    execFileSync('git', ['hash-object', '--stdin'], { input: text, encoding: 'utf8' }).trim(),
  );
});
