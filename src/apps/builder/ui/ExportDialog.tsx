// Export: refused, with the reason, while problems remain; otherwise the file, offered as a
// download named after its path in the repository and as a copy to the clipboard, with a line
// diff against the live file when the draft edits one.
import { diffLines } from 'diff';
import { useEffect, useMemo, useState } from 'react';
import { Dialog } from '../../shared/Dialog.tsx';

export type ExportResult =
  | { refused: true; problems: number }
  | { refused: false; path: string; text: string; before?: string };

export function ExportDialog({ result, onClose }: { result: ExportResult; onClose: () => void }) {
  const [copied, setCopied] = useState('');
  const download = useMemo(
    () =>
      result.refused
        ? undefined
        : URL.createObjectURL(new Blob([result.text], { type: 'text/markdown' })),
    [result],
  );
  useEffect(
    () => () => {
      if (download) URL.revokeObjectURL(download);
    },
    [download],
  );
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => setCopied('Copied to the clipboard.'),
      () => setCopied('The browser did not allow copying: use Download instead.'),
    );
  return (
    <Dialog
      title={result.refused ? 'Export refused' : `Export ${result.path}`}
      onClose={onClose}
      className="export-dialog"
    >
      {result.refused ? (
        <p role="alert">
          The page still has {result.problems === 1 ? '1 problem' : `${result.problems} problems`},
          so it would not pass the site’s checks. Put each one right (they are listed at the top of
          the form), then export again.
        </p>
      ) : (
        <>
          <p>
            Save the file as <code className="export-path">{result.path}</code> in the repository,
            or copy it and paste it there.
          </p>
          <div className="export-actions">
            <a className="button" href={download} download={result.path}>
              Download
            </a>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void copy(result.text)}
            >
              Copy to clipboard
            </button>
            <output aria-live="polite">{copied}</output>
          </div>
          {result.before === undefined ? null : <Diff before={result.before} after={result.text} />}
          <h3>The file</h3>
          <pre className="export-text" tabIndex={0}>
            {result.text}
          </pre>
        </>
      )}
    </Dialog>
  );
}

/** The change to the live file, line by line. */
function Diff({ before, after }: { before: string; after: string }) {
  const parts = diffLines(before, after);
  const changed = parts.some((part) => part.added || part.removed);
  return (
    <>
      <h3>Changes to the live file</h3>
      {changed ? (
        <pre className="export-diff" tabIndex={0}>
          {parts.map((part, i) => {
            const lines = part.value.replace(/\n$/, '').split('\n');
            const mark = part.added ? '+ ' : part.removed ? '- ' : '  ';
            const text = lines.map((line) => `${mark}${line}\n`).join('');
            return part.added ? (
              <ins key={i}>{text}</ins>
            ) : part.removed ? (
              <del key={i}>{text}</del>
            ) : (
              <span key={i}>{text}</span>
            );
          })}
        </pre>
      ) : (
        <p className="export-unchanged">No changes: the file is the same as the live one.</p>
      )}
    </>
  );
}
