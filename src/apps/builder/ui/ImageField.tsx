// An image with its alt text, which is required: a photo the site already has (the build lists
// them in its builder data), or one from the media library, chosen in the library's own picker
// (src/apps/shared/library/LibraryPicker.tsx), which gives `{ src: 'storage:media/<name>', alt }` and
// offers no photo without alt text. The alt text can then be changed for this place.
import { lazy, Suspense, useState } from 'react';
import type { PickedImage } from '../../shared/library/LibraryPicker.tsx';
import type { ContentProblem } from '../../../kernel/errors/problems.ts';
import { libraryPathOf } from '../../../kernel/wire/library-reference.ts';
import {
  FieldProblems,
  fieldId,
  fieldKey,
  type FieldOptions,
  type FieldPath,
} from './field-parts.tsx';
import { useLibrary } from './library-context.ts';
import { LibraryImage } from './LibraryImage.tsx';

export type { PickedImage };

// The picker loads when first opened: it is not part of what the builder needs to start.
const LazyLibraryPickerDialog = lazy(() =>
  import('./LibraryPickerDialog.tsx').then((module) => ({
    default: module.LibraryPickerDialog,
  })),
);

export function ImageField({
  id,
  label,
  path,
  value,
  problems,
  onChange,
  images,
}: {
  id: string;
  label: string;
  path: FieldPath;
  value: unknown;
  problems: readonly ContentProblem[];
  onChange: (path: FieldPath, value: unknown) => void;
  images: FieldOptions['images'];
}) {
  const image = (value ?? { src: '', alt: '' }) as PickedImage;
  const library = useLibrary();
  const [picking, setPicking] = useState(false);
  const srcId = fieldId([...path, 'src']);
  const altId = fieldId([...path, 'alt']);
  const fromLibrary = libraryPathOf(image.src);
  const shown = images.find((candidate) => candidate.src === image.src);
  const set = (next: PickedImage) => onChange(path, next);
  return (
    <fieldset
      className={problems.length ? 'field field-image has-problems' : 'field field-image'}
      id={id}
      data-key={fieldKey(path)}
    >
      <legend>{label}</legend>
      <label htmlFor={srcId}>Photo</label>
      <select
        id={srcId}
        value={image.src}
        onChange={(event) => set({ ...image, src: event.target.value })}
      >
        <option value="">
          {images.length === 0 ? 'No photos in content/images/' : 'Choose a photo'}
        </option>
        {fromLibrary ? (
          <option value={image.src}>{fromLibrary.slice('media/'.length)} (media library)</option>
        ) : null}
        {image.src && !shown && !fromLibrary ? (
          <option value={image.src}>{image.src} (not on the site)</option>
        ) : null}
        {images.map((candidate) => (
          <option key={candidate.src} value={candidate.src}>
            {candidate.src}
          </option>
        ))}
      </select>
      {library ? (
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() => setPicking(true)}
        >
          Choose from the media library
        </button>
      ) : null}
      {shown ? (
        <img
          className="image-thumbnail"
          src={shown.url}
          alt=""
          width={shown.width}
          height={shown.height}
        />
      ) : null}
      {fromLibrary && library ? (
        <LibraryImage
          library={library}
          fullPath={fromLibrary}
          width={320}
          className="image-thumbnail"
        />
      ) : null}
      <label htmlFor={altId}>Alt text (required): what the photo shows</label>
      <input
        id={altId}
        type="text"
        value={image.alt}
        aria-invalid={!image.alt.trim() || undefined}
        onChange={(event) => set({ ...image, alt: event.target.value })}
      />
      <FieldProblems id={`${id}-problems`} problems={problems} />
      {picking && library ? (
        <Suspense
          fallback={
            <p>
              <output>Loading the media library…</output>
            </p>
          }
        >
          <LazyLibraryPickerDialog
            library={library}
            selected={image.src}
            onPick={set}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      ) : null}
    </fieldset>
  );
}
