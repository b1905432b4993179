// /test-builder-dashboard: the drafts in this browser and in the Storage bucket, with their
// problems; every page of the site; and new pages from a template (opened in the builder, which
// saves nothing until the first change, so the lists hold real drafts only).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../kernel/components/account/services.ts';
import { proposalsClient } from '../../shared/proposals-client.ts';
import { ProposalsSection } from '../proposals/ProposalsSection.tsx';
import { checkDraft, loadDraftLint } from '../check-draft.ts';
import {
  duplicateDraft,
  exportPath,
  TEMPLATES,
  titleOf,
  type Draft,
  type TemplateName,
} from '../draft.ts';
import { MirroredDraftStore, type DraftStore } from '../draft-store.ts';
import { describeStorageError } from '../../media/storage-errors.ts';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';
import { newDraftId } from './screen.tsx';
import { ConfirmDialog } from '../../shared/ConfirmDialog.tsx';

interface Row {
  draft: Draft;
  problems: number;
}

/** One place's drafts: its rows, or why it could not be read. */
interface Place {
  label: string;
  /** This browser's drafts (listed first); the others are copies in the bucket. */
  local: boolean;
  rows: Row[] | null;
  error?: string;
}

const builderUrl = (draft: Draft) =>
  draft.origin
    ? `/integrated-builder?route=${encodeURIComponent(draft.origin.route)}`
    : `/experiments/block-builder/builder?draft=${encodeURIComponent(draft.id)}`;

export function DashboardScreen({ site, store }: { site: BuilderSite; store: DraftStore }) {
  const [places, setPlaces] = useState<Place[]>([{ label: store.label, local: true, rows: null }]);
  const [deleting, setDeleting] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const services = useServices();
  const client = useMemo(() => services && proposalsClient(services), [services]);
  const listPlaces = useCallback(async (): Promise<Place[]> => {
    // This browser's drafts and, when the site has a bucket, the bucket's: each listed apart, so one that cannot be read leaves the other.
    const stores = store instanceof MirroredDraftStore ? await store.places() : [store];
    const lint = await loadDraftLint(site);
    const listed = await Promise.all(
      stores.map(async (place, index): Promise<Place> => {
        const local = index === 0;
        try {
          const drafts = await place.list();
          return {
            label: place.label,
            local,
            rows: await Promise.all(
              drafts.map(async (draft) => ({
                draft,
                problems: (await checkDraft(draft, site, lint)).problems.length,
              })),
            ),
          };
        } catch (error) {
          return {
            label: place.label,
            local,
            rows: [],
            error: describeStorageError(error).message,
          };
        }
      }),
    );
    return listed;
  }, [site, store]);
  const refresh = async () => setPlaces(await listPlaces());
  useEffect(() => {
    let current = true;
    void listPlaces().then((listed) => {
      if (current) setPlaces(listed);
    });
    return () => {
      current = false;
    };
  }, [listPlaces]);
  const inBucket = places.length > 1;
  const remove = async (draft: Draft) => {
    setBusy(true);
    try {
      await store.delete(draft.id);
      setMessage(`Deleted “${titleOf(draft)}”.`);
    } catch (error) {
      setMessage(
        `“${titleOf(draft)}” is deleted from this browser, but not from the Storage bucket: ${describeStorageError(error).message}`,
      );
    }
    setBusy(false);
    setDeleting(null);
    await refresh();
  };

  return (
    <div className="dashboard">
      <section aria-labelledby="new-heading">
        <h2 id="new-heading">Start a new page</h2>
        <div className="export-actions">
          {(Object.keys(TEMPLATES) as TemplateName[]).map((name) => (
            <a
              key={name}
              className="button"
              href={`/experiments/block-builder/builder?template=${name}`}
            >
              New {TEMPLATES[name].label.toLowerCase()}
            </a>
          ))}
        </div>
      </section>
      <p aria-live="polite">{message}</p>
      {client ? <ProposalsSection client={client} store={store} /> : null}
      {places.map((place, index) => (
        <DraftsSection
          key={place.label}
          id={`drafts-${index}`}
          place={place}
          onDuplicate={async (draft) => {
            await store.put(duplicateDraft(draft, newDraftId(), Date.now()));
            await store.flush?.();
            setMessage(`Duplicated “${titleOf(draft)}”.`);
            await refresh();
          }}
          onDelete={setDeleting}
        />
      ))}
      {inBucket ? null : (
        <section aria-labelledby="bucket-heading">
          <h2 id="bucket-heading">Drafts in the Storage bucket</h2>
          <p>This site has no Storage bucket to copy drafts to, so they stay in this browser.</p>
        </section>
      )}
      <section aria-labelledby="pages-heading">
        <h2 id="pages-heading">Pages of the site</h2>
        <div className="table-scroll">
          <table className="dashboard-table">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Address</th>
                <th scope="col">File</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {site.data.routes.map((facts) => (
                <tr key={facts.route}>
                  <th scope="row">{facts.title}</th>
                  <td>
                    <a href={facts.route}>{facts.route}</a>
                  </td>
                  <td>
                    <code>{facts.path}</code>
                  </td>
                  <td>
                    <a
                      className="button button-small"
                      href={`/integrated-builder?route=${encodeURIComponent(facts.route)}`}
                      aria-label={`Edit “${facts.title}” in the builder`}
                    >
                      Edit
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {deleting ? (
        <ConfirmDialog
          title={`Delete “${titleOf(deleting)}”?`}
          action="Delete the draft"
          busyAction="Deleting the draft…"
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>
            The draft is removed from this browser{inBucket ? ' and from the Storage bucket' : ''}.
            This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function DraftsSection({
  id,
  place,
  onDuplicate,
  onDelete,
}: {
  id: string;
  place: Place;
  onDuplicate: (draft: Draft) => Promise<void>;
  onDelete: (draft: Draft) => void;
}) {
  const { rows } = place;
  // A draft is in both places as a rule: the bucket's rows are named apart for screen readers.
  const named = (draft: Draft) =>
    `“${titleOf(draft)}”${place.local ? '' : ` (${place.label} copy)`}`;
  return (
    <section aria-labelledby={id} data-place={place.label}>
      <h2 id={id}>Drafts in {place.local ? place.label.toLowerCase() : `the ${place.label}`}</h2>
      {place.error ? (
        <p className="notice" role="alert">
          {place.error}
        </p>
      ) : rows === null ? (
        <p>
          <output>Loading drafts…</output>
        </p>
      ) : rows.length === 0 ? (
        <p>No drafts yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="dashboard-table">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">File</th>
                <th scope="col">Last edited</th>
                <th scope="col">Problems</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ draft, problems }) => (
                <tr key={draft.id} data-draft={draft.id}>
                  <th scope="row">{titleOf(draft)}</th>
                  <td>
                    <code>{exportPath(draft)}</code>
                  </td>
                  <td>{new Date(draft.updated).toLocaleString('en-GB')}</td>
                  <td>{problems}</td>
                  <td className="row-actions">
                    <a
                      className="button button-small"
                      href={builderUrl(draft)}
                      aria-label={`Open ${named(draft)} in the builder`}
                    >
                      Open
                    </a>
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      aria-label={`Duplicate ${named(draft)}`}
                      onClick={() => void onDuplicate(draft)}
                    >
                      Duplicate
                    </button>
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      aria-label={`Delete ${named(draft)}`}
                      onClick={() => onDelete(draft)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
