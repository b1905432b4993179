// The share images' key follows the machine's fonts, in which their tagline is drawn.
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { fontsKeyOf } from '../../../../src/generator/images/system-fonts.ts';

const root = await mkdtemp(path.join(tmpdir(), 'fonts-'));
afterAll(() => rm(root, { recursive: true, force: true }));

it('changes when a font is added or replaced, and not otherwise', async () => {
  const dirs = [path.join(root, 'share'), path.join(root, 'missing')];
  await mkdir(path.join(dirs[0]!, 'truetype'), { recursive: true });
  const empty = fontsKeyOf(dirs);
  await writeFile(path.join(dirs[0]!, 'truetype', 'Sans.ttf'), 'one font');
  const one = fontsKeyOf(dirs);
  expect(one).not.toBe(empty);
  expect(fontsKeyOf(dirs)).toBe(one);
  await writeFile(path.join(dirs[0]!, 'truetype', 'Sans.ttf'), 'another version of it');
  expect(fontsKeyOf(dirs)).not.toBe(one);
});
