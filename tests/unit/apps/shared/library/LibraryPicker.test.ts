// The image picker the block builder plugs in: picking a library photo gives the reference content
// uses, with the photo's alt text; one without alt text cannot be picked.
import { describe, expect, it } from 'vitest';
import { pickedImage } from '../../../../../src/apps/shared/library/LibraryPicker.tsx';
import type { LibraryPhoto } from '../../../../../src/kernel/wire/media-library.ts';

const photo = (customMetadata?: Record<string, string>): LibraryPhoto => ({
  url: 'http://127.0.0.1/v0/b/demo/o/media%2Fkitchen.jpg?alt=media&token=t',
  file: {
    bucket: 'demo',
    generation: '1',
    metageneration: '1',
    name: 'kitchen.jpg',
    fullPath: 'media/kitchen.jpg',
    size: 10,
    timeCreated: '',
    updated: '',
    customMetadata,
  },
});

describe('pickedImage', () => {
  it('gives { src: storage:media/<name>, alt } for a photo with alt text', () => {
    expect(pickedImage(photo({ alt: ' A clean kitchen ' }))).toEqual({
      src: 'storage:media/kitchen.jpg',
      alt: 'A clean kitchen',
    });
  });

  it('gives nothing for a photo without alt text', () => {
    expect(pickedImage(photo())).toBeNull();
    expect(pickedImage(photo({ alt: '  ' }))).toBeNull();
  });
});
