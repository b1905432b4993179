// "History" in the integrated builder: the page's published versions, to look at and restore. The
// button is all that loads with the builder; the list (HistoryDialog.tsx) loads when first opened,
// like the export and proposal dialogs. Restoring opens a version as a new draft of the page, which
// goes through the same checks and proposal as any change.
import { lazy, Suspense, useMemo, useState } from 'react';
import { useServices } from '../../../kernel/components/account/services.ts';
import { draftFromVersion, type Draft } from '../draft.ts';
import { proposalsClient } from '../../shared/proposals-client.ts';
import { newDraftId } from '../ui/screen.tsx';

const LazyHistoryDialog = lazy(() =>
  import('./HistoryDialog.tsx').then((module) => ({ default: module.HistoryDialog })),
);

export function PageHistory({
  draft,
  onRestore,
}: {
  draft: Draft;
  onRestore: (draft: Draft) => void;
}) {
  const services = useServices();
  const client = useMemo(() => services && proposalsClient(services), [services]);
  const [open, setOpen] = useState(false);
  const [restored, setRestored] = useState('');
  // Only a page of the site has published versions, and only with the API there to read them.
  if (!client || !draft.origin) return null;
  return (
    <div className="history-bar">
      <button
        type="button"
        className="button button-secondary"
        aria-describedby="history-hint"
        onClick={() => setOpen(true)}
      >
        History
      </button>
      <p className="field-hint" id="history-hint">
        Earlier versions of this page, to compare and restore.
      </p>
      <p className="history-restored">
        <output>{restored}</output>
      </p>
      {open ? (
        <Suspense
          fallback={
            <p>
              <output>Loading the page’s history…</output>
            </p>
          }
        >
          <LazyHistoryDialog
            draft={draft}
            client={client}
            onClose={() => setOpen(false)}
            onRestore={(version, said) => {
              setOpen(false);
              setRestored(said);
              onRestore(draftFromVersion(draft, version, newDraftId(), Date.now()));
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
