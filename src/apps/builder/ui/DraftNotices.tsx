// What the builder says when the same draft was edited in another tab or on another device:
// joined with this one, or, when both changed the same lines, a choice of which to keep.
import type { DraftEditor } from './use-draft-editor.ts';

export function DraftNotices({
  editor,
}: {
  editor: Pick<DraftEditor, 'joined' | 'elsewhere' | 'keepMine' | 'takeTheirs'>;
}) {
  return (
    <>
      {editor.joined ? (
        <output className="builder-notice">
          Edits made to this draft in another tab or on another device were joined with yours at{' '}
          {new Date(editor.joined).toLocaleTimeString('en-GB')}.
        </output>
      ) : null}
      {editor.elsewhere ? (
        <div className="notice" role="alert">
          <p>
            <strong>This draft was changed in another tab or on another device</strong>, in the same
            places as here, so the two cannot be joined. Nothing more is saved until you choose.
          </p>
          <div className="export-actions">
            <button type="button" className="button" onClick={editor.keepMine}>
              Keep this version
            </button>
            <button type="button" className="button button-secondary" onClick={editor.takeTheirs}>
              Use the other version
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
