// One output file written (src/generator/emit/write-file.ts): replaced whole, so a server reading
// the folder while npm start builds again never serves half a file.
import { mkdtemp, open, readdir, readFile, rm, writeFile as writeText } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { contentHash, writeFile } from '../../../../src/generator/emit/write-file.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'write-file-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

it('replaces a file whole: a reader that opened the old one reads the old bytes to the end', async () => {
  const old = '{"commit":"old"}\n';
  await writeText(path.join(root, 'latest-build.json'), old);
  const reader = await open(path.join(root, 'latest-build.json'));
  try {
    const written = writeFile(
      root,
      'latest-build.json',
      '{"commit":"new"}\n',
      undefined,
      new Set(),
    );
    expect(written).toMatchObject({ written: true, hash: contentHash('{"commit":"new"}\n') });
    // Written in place, the old descriptor would read the new bytes, or nothing while truncated.
    expect(await reader.readFile('utf8')).toBe(old);
  } finally {
    await reader.close();
  }
  expect(await readFile(path.join(root, 'latest-build.json'), 'utf8')).toBe('{"commit":"new"}\n');
  expect(await readdir(root), 'no temporary file left').toEqual(['latest-build.json']);
});

it('writes nothing when the folder already holds these bytes, and makes the folders a new file needs', async () => {
  const first = writeFile(root, 'areas/bromley.html', '<p>Bromley</p>', undefined, new Set());
  expect(first.written).toBe(true);
  expect(writeFile(root, 'areas/bromley.html', '<p>Bromley</p>', first.hash, new Set())).toEqual({
    ...first,
    written: false,
  });
  expect(await readdir(path.join(root, 'areas'))).toEqual(['bromley.html']);
});
