// The builder's toolbar: undo and redo, the preview on a narrow screen, export, propose, discard,
// and how the draft's saving stands.
import type { Ref } from 'react';
import type { DraftStore } from '../draft-store.ts';
import { BucketLine } from './BucketLine.tsx';
import type { DraftEditor } from './use-draft-editor.ts';

export function BuilderToolbar({
  editor,
  store,
  previewing,
  discarding,
  discardButton,
  onPreview,
  onExport,
  onPropose,
  onDiscard,
}: {
  editor: Pick<DraftEditor, 'undo' | 'redo' | 'canUndo' | 'canRedo' | 'exists' | 'saved'>;
  store: DraftStore;
  previewing: boolean;
  discarding: boolean;
  discardButton: Ref<HTMLButtonElement>;
  onPreview: () => void;
  onExport: () => void;
  /** Absent where proposals cannot be made (no account services). */
  onPropose?: () => void;
  onDiscard: () => void;
}) {
  const { saved } = editor;
  return (
    <div className="builder-toolbar" role="toolbar" aria-label="Draft">
      <button
        type="button"
        className="button button-secondary"
        onClick={editor.undo}
        disabled={!editor.canUndo}
        aria-keyshortcuts="Control+Z"
      >
        Undo
      </button>
      <button
        type="button"
        className="button button-secondary"
        onClick={editor.redo}
        disabled={!editor.canRedo}
        aria-keyshortcuts="Control+Shift+Z"
      >
        Redo
      </button>
      <button
        type="button"
        className="button button-secondary preview-toggle"
        aria-pressed={previewing}
        onClick={onPreview}
      >
        Preview
      </button>
      <button type="button" className="button" onClick={onExport}>
        Export
      </button>
      {onPropose ? (
        <button type="button" className="button" onClick={onPropose}>
          Propose this change
        </button>
      ) : null}
      {editor.exists ? (
        <button
          type="button"
          className="button button-secondary"
          ref={discardButton}
          aria-expanded={discarding}
          aria-controls={discarding ? 'discard' : undefined}
          onClick={onDiscard}
        >
          Discard this draft
        </button>
      ) : null}
      <output className="save-status">
        {saved === null
          ? 'Nothing is saved until you change something.'
          : 'error' in saved
            ? saved.error
            : `Saved in this browser at ${new Date(saved.at).toLocaleTimeString('en-GB')}.`}{' '}
        <BucketLine store={store} />
      </output>
    </div>
  );
}
