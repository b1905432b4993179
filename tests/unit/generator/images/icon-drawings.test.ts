// The services' icons are read from public/ for the cards to draw: a missing file or one that
// cannot be drawn in the page is a problem at the service's icon field, never a broken card.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readIconDrawings } from '../../../../src/generator/images/icon-drawings.ts';
import { ContentEntry } from '../../../../src/kernel/content/entry.ts';
import type { Service } from '../../../../src/kernel/schema/index.ts';
import { removeTempDirs, tempDir } from '../../../support/image-fixtures.ts';

afterAll(removeTempDirs);

const service = (name: string, icon: string) =>
  new ContentEntry<Service>(
    `content/services/${name}.md`,
    name,
    { icon } as Service,
    null,
    new Map(),
    `name: ${name}\nicon: ${icon}\n`,
    4,
    name,
  );

it('draws each icon once, and names the file and field of every icon it cannot draw', async () => {
  const publicDir = await tempDir('icons-');
  await mkdir(path.join(publicDir, 'images/icons'), { recursive: true });
  await writeFile(
    path.join(publicDir, 'images/icons/good.svg'),
    '<svg viewBox="0 0 48 48"><path d="M4 4 H44"/></svg>',
  );
  await writeFile(
    path.join(publicDir, 'images/icons/scripted.svg'),
    '<svg viewBox="0 0 48 48"><script>alert(1)</script></svg>',
  );
  const line = service('x', '/images/icons/good.svg').lineOf(['icon']);
  expect(line).toBeGreaterThan(0);
  const { drawings, problems } = await readIconDrawings(
    [
      service('a', '/images/icons/good.svg'),
      service('b', '/images/icons/good.svg'),
      service('c', '/images/icons/scripted.svg'),
      service('d', '/images/icons/gone.svg'),
      service('e', '/images/icons/photo.png'),
      service('f', '/../secret.svg'),
    ],
    publicDir,
  );
  expect(drawings).toEqual({
    '/images/icons/good.svg': {
      name: 'svg',
      attributes: { viewBox: '0 0 48 48' },
      children: [{ name: 'path', attributes: { d: 'M4 4 H44' }, children: [] }],
    },
  });
  expect(problems).toEqual([
    {
      code: 'unsupported-icon',
      file: 'content/services/c.md',
      line,
      field: 'icon',
      message:
        'public/images/icons/scripted.svg holds <script>, which an icon drawn in the page may not.',
    },
    {
      code: 'missing-image',
      file: 'content/services/d.md',
      line,
      field: 'icon',
      message:
        "There is no file public/images/icons/gone.svg; the service's card draws its icon from it.",
    },
    {
      code: 'unsupported-icon',
      file: 'content/services/e.md',
      line,
      field: 'icon',
      message:
        "/images/icons/photo.png is not an SVG file in public/; a service's icon is drawn from one.",
    },
    {
      code: 'unsupported-icon',
      file: 'content/services/f.md',
      line,
      field: 'icon',
      message: "/../secret.svg is not an SVG file in public/; a service's icon is drawn from one.",
    },
  ]);
});
