// Whether a photo of content/images/ is there, said the same way by the builder and the proposals
// function, neither of which reads the disk: never a path outside the folder.
import { describe, expect, it } from 'vitest';
import {
  imageFileProblem,
  type ImageReference,
} from '../../../../src/kernel/images/reference-checks.ts';

const reference = (src: string): ImageReference =>
  ({
    src,
    alt: 'A hall',
    file: 'content/pages/about.md',
    line: 7,
    field: 'image',
    from: 'front-matter',
  }) as ImageReference;
const photos = new Set(['hall.jpg', 'rooms/kitchen.webp']);
const problemOf = (src: string) =>
  imageFileProblem(reference(src), 'content/images', (inside) => photos.has(inside));

describe('imageFileProblem', () => {
  it('finds none for a photo the folder has, however its path is written', () => {
    expect(problemOf('/images/hall.jpg')).toBeUndefined();
    expect(problemOf('/images/rooms/../rooms/kitchen.webp')).toBeUndefined();
  });

  it("names the missing file, at the reference's file, line and field", () => {
    expect(problemOf('/images/rooms/bath.jpg')).toEqual({
      code: 'missing-image',
      file: 'content/pages/about.md',
      line: 7,
      field: 'image',
      message: 'There is no file content/images/rooms/bath.jpg.',
    });
  });

  it('refuses a path that leaves the folder, without asking whether it exists', () => {
    for (const src of [
      '/images/../package.json.jpg',
      '/images/rooms/../../x.jpg',
      '/images/..\\..\\x.jpg',
    ]) {
      expect(problemOf(src)?.message, src).toBe(`"${src}" points outside content/images/.`);
    }
  });
});
