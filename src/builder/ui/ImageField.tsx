// An image: picked from the images the site already has (the build lists them in its builder
// data), with its alt text, which is required. The interface is "pick an image → { src, alt }":
// the media library (Cloud Storage) will offer its own images through the same field.
import type { ContentProblem } from '../../errors/problems.ts';
import { FieldProblems, fieldId, type FieldOptions, type FieldPath } from './FieldInput.tsx';

export interface PickedImage {
  src: string;
  alt: string;
}

export function ImageField({ id, label, path, value, problems, onChange, images }: { id: string; label: string; path: FieldPath; value: unknown; problems: readonly ContentProblem[]; onChange(path: FieldPath, value: unknown): void; images: FieldOptions['images'] }) {
  const image = (value ?? { src: '', alt: '' }) as PickedImage;
  const srcId = fieldId([...path, 'src']);
  const altId = fieldId([...path, 'alt']);
  const shown = images.find((candidate) => candidate.src === image.src);
  const set = (next: PickedImage) => onChange(path, next);
  return (
    <fieldset className={problems.length ? 'field field-image has-problems' : 'field field-image'} id={id}>
      <legend>{label}</legend>
      <label htmlFor={srcId}>Photo</label>
      <select id={srcId} value={image.src} onChange={(event) => set({ ...image, src: event.target.value })}>
        <option value="">{images.length === 0 ? 'No photos yet: add them to content/images/' : 'Choose a photo'}</option>
        {image.src && !shown ? <option value={image.src}>{image.src} (not on the site)</option> : null}
        {images.map((candidate) => (
          <option key={candidate.src} value={candidate.src}>
            {candidate.src}
          </option>
        ))}
      </select>
      {shown ? <img className="image-thumbnail" src={shown.url} alt="" width={shown.width} height={shown.height} /> : null}
      <label htmlFor={altId}>Alt text (required): what the photo shows</label>
      <input id={altId} type="text" value={image.alt} aria-invalid={!image.alt.trim() || undefined} onChange={(event) => set({ ...image, alt: event.target.value })} />
      <FieldProblems id={`${id}-problems`} problems={problems} />
    </fieldset>
  );
}
