// What the library accepts and how content names its photos.
import { describe, expect, it } from 'vitest';
import { libraryPathOf, markdownFor } from '../../../../src/kernel/wire/library-reference.ts';
import { mediaNameFor, uploadProblem } from '../../../../src/kernel/wire/media-rules.ts';
import { MEDIA_NAME } from '../../../../src/kernel/wire/library-reference.ts';

describe('library names and references', () => {
  it('stores a file under a name Markdown never needs to escape', () => {
    expect(mediaNameFor({ name: 'Kitchen Worktop (after).JPEG', type: 'image/jpeg' })).toBe(
      'kitchen-worktop-after.jpg',
    );
    expect(mediaNameFor({ name: 'Café – garden.png', type: 'image/png' })).toBe('cafe-garden.png');
    expect(mediaNameFor({ name: 'IMG_2041.HEIC.jpg', type: 'image/jpeg' })).toBe(
      'img_2041-heic.jpg',
    );
    expect(mediaNameFor({ name: '.png', type: 'image/png' })).toBe('photo.png');
  });

  // Names a file can have that Cloud Storage refuses, the local emulator decodes twice, or content could not refer to.
  it.each([
    ['%', '100%.jpg'],
    ['%2F', 'kitchen%2Fsink.jpg'],
    ['.', '.'],
    ['..', '..'],
    ['dot segments', '../../drafts/x.jpg'],
    ['a line break', 'line\r\nbreak.jpg'],
    ['no extension', 'scan'],
    ['an extension not of its type', 'scan.jfif'],
    ['two extensions', 'photo.tar.gz'],
    ['.well-known', '.well-known/acme-challenge/x.png'],
    ['2,000 characters', `${'long'.repeat(500)}.jpg`],
    ['nothing but symbols', '¿¡@#!.webp'],
  ])('makes a name content can use from a file named with %s', (_, name) => {
    const stored = mediaNameFor({ name, type: 'image/jpeg' });
    expect(stored).toMatch(/^[a-z0-9][a-z0-9_-]*\.jpg$/);
    expect(stored).toMatch(MEDIA_NAME);
    // The library adds "-2", "-3"… to a name that is taken: still a name content can use.
    expect(stored.replace('.jpg', '-9999.jpg')).toMatch(MEDIA_NAME);
  });

  it('reads storage:media/<name> references, and nothing else', () => {
    expect(libraryPathOf('storage:media/kitchen.jpg')).toBe('media/kitchen.jpg');
    expect(libraryPathOf('storage:media/sub/kitchen.jpg')).toBeNull();
    expect(libraryPathOf('storage:drafts/a.json')).toBeNull();
    expect(libraryPathOf('/images/kitchen.jpg')).toBeNull();
  });

  it('gives the Markdown content uses, alt text escaped', () => {
    expect(markdownFor('media/kitchen.jpg', 'A [clean] kitchen')).toBe(
      '![A \\[clean\\] kitchen](storage:media/kitchen.jpg)',
    );
  });

  it('refuses an empty file before sending it', () => {
    expect(uploadProblem({ name: 'empty.jpg', type: 'image/jpeg', size: 0 })).toMatch(/empty/);
  });
});
