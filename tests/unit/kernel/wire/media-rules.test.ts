// What the library accepts and how content names its photos.
import { describe, expect, it } from 'vitest';
import { libraryPathOf, markdownFor } from '../../../../src/kernel/wire/library-reference.ts';
import { mediaNameFor, uploadProblem } from '../../../../src/kernel/wire/media-rules.ts';

describe('library names and references', () => {
  it('stores a file under a name Markdown never needs to escape', () => {
    expect(mediaNameFor('Kitchen Worktop (after).JPEG')).toBe('kitchen-worktop-after.jpg');
    expect(mediaNameFor('Café – garden.png')).toBe('cafe-garden.png');
    expect(mediaNameFor('.png')).toBe('photo.png');
  });

  it('reads storage:media/<name> references, and nothing else', () => {
    expect(libraryPathOf('storage:media/kitchen.jpg')).toBe('media/kitchen.jpg');
    expect(libraryPathOf('storage:media/sub/kitchen.jpg')).toBeNull();
    expect(libraryPathOf('storage:drafts/a.json')).toBeNull();
    expect(libraryPathOf('/images/kitchen.jpg')).toBeNull();
  });

  it('gives the Markdown content uses, alt text escaped', () => {
    expect(markdownFor('media/kitchen.jpg', 'A [clean] kitchen')).toBe('![A \\[clean\\] kitchen](storage:media/kitchen.jpg)');
  });

  it('refuses an empty file before sending it', () => {
    expect(uploadProblem({ name: 'empty.jpg', type: 'image/jpeg', size: 0 })).toMatch(/empty/);
  });
});
