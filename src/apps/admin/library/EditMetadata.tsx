import { useState, type FormEvent } from 'react';
import { useDomId } from '../../shared/dom-id.ts';
import type { MediaLibrary } from '../../media/library.ts';
import type { LibraryPhoto } from '../../../kernel/wire/media-library.ts';
import { ALT_KEY } from '../../../kernel/wire/library-reference.ts';
import { describeStorageError, type DescribedStorageError } from '../../media/storage-errors.ts';
import { altOf } from '../../shared/library/photos.ts';
import { StorageProblem } from '../../shared/library/StorageProblem.tsx';

interface Field {
  key: string;
  value: string;
}

const KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** The alt text and any other custom metadata, edited and saved together (keys removed are deleted). */
export function EditMetadata({
  photo,
  library,
  onChanged,
  announce,
}: {
  photo: LibraryPhoto;
  library: MediaLibrary;
  onChanged: (photo: LibraryPhoto) => void;
  announce: (message: string) => void;
}) {
  const id = useDomId('edit');
  const original = Object.entries(photo.file.customMetadata ?? {}).filter(
    ([key]) => key !== ALT_KEY,
  );
  const [alt, setAlt] = useState(altOf(photo));
  const [fields, setFields] = useState<Field[]>(original.map(([key, value]) => ({ key, value })));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<DescribedStorageError | string | null>(null);

  const setField = (index: number, change: Partial<Field>) =>
    setFields((all) => all.map((field, i) => (i === index ? { ...field, ...change } : field)));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const keys = fields.map((field) => field.key.trim());
    const bad = keys.find((key) => !KEY.test(key) || key === ALT_KEY);
    if (bad !== undefined)
      return setProblem(
        `Field names use letters, numbers, hyphens and underscores only (up to 64), and “alt” is the alt text above: change “${bad}”.`,
      );
    if (new Set(keys).size !== keys.length)
      return setProblem('Two fields have the same name: give each its own.');
    const next: Record<string, string | null> = { [ALT_KEY]: alt.trim() || null };
    for (const [key] of original) next[key] = null;
    fields.forEach((field, index) => (next[keys[index]!] = field.value));
    setSaving(true);
    setProblem(null);
    try {
      onChanged(await library.updateCustomMetadata(photo.file.fullPath, next));
      announce(`Changes to ${photo.file.name} saved.`);
    } catch (error) {
      setProblem(describeStorageError(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="admin-edit"
      onSubmit={(event) => void save(event)}
      aria-labelledby={`${id}-heading`}
    >
      <h3 id={`${id}-heading`}>Alt text and other details</h3>
      <div className="field">
        <label htmlFor={`${id}-alt`}>Alt text: what the photo shows</label>
        <input
          id={`${id}-alt`}
          type="text"
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
        />
      </div>
      {fields.map((field, index) => (
        <fieldset className="admin-meta-row" key={index}>
          <legend>Custom field {index + 1}</legend>
          <div className="field">
            <label htmlFor={`${id}-key-${index}`}>Name</label>
            <input
              id={`${id}-key-${index}`}
              type="text"
              value={field.key}
              onChange={(event) => setField(index, { key: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-value-${index}`}>Value</label>
            <input
              id={`${id}-value-${index}`}
              type="text"
              value={field.value}
              onChange={(event) => setField(index, { value: event.target.value })}
            />
          </div>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setFields((all) => all.filter((_, i) => i !== index))}
          >
            Remove field {index + 1}
          </button>
        </fieldset>
      ))}
      {problem ? (
        typeof problem === 'string' ? (
          <p className="form-error" role="alert">
            {problem}
          </p>
        ) : (
          <StorageProblem error={problem} />
        )
      ) : null}
      <div className="admin-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setFields((all) => [...all, { key: '', value: '' }])}
        >
          Add a field
        </button>
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
