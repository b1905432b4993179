// A file in src/ does one job and reads in one sitting: none is longer than 300 lines. A file that
// grows past it is split by its parts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const MOST_LINES = 300;
const CODE = /\.(?:ts|tsx|mjs|css)$/;

describe('the length of the source files', () => {
  it(`keeps every code file in src/ at ${MOST_LINES} lines or fewer`, () => {
    const files = (readdirSync(SRC, { recursive: true }) as string[]).filter((name) =>
      CODE.test(name),
    );
    expect(files.length).toBeGreaterThan(300);
    const tooLong = files
      .map((name) => ({
        file: `src/${name.split(path.sep).join('/')}`,
        lines: readFileSync(path.join(SRC, name), 'utf8').trimEnd().split('\n').length,
      }))
      .filter((entry) => entry.lines > MOST_LINES)
      .map((entry) => `${entry.file}: ${entry.lines} lines`);
    expect(tooLong, 'split these by their parts').toEqual([]);
  });
});
