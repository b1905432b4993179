// /test-builder-dashboard: the drafts (this browser's; the Storage bucket's once the media library
// brings that store), with their problems; every page of the site; and new pages from a template.
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkDraft } from '../check-draft.ts';
import { duplicateDraft, exportPath, newDraft, TEMPLATES, type Draft, type TemplateName } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import type { BuilderSite } from '../site-data.ts';
import { newDraftId } from './screen.tsx';
import { renderForLint } from './site-data-client.ts';

interface Row {
  draft: Draft;
  problems: number;
}

const builderUrl = (draft: Draft) => (draft.origin ? `/integrated-builder?route=${encodeURIComponent(draft.origin.route)}` : `/experiments/block-builder/builder?draft=${encodeURIComponent(draft.id)}`);
const titleOf = (draft: Draft) => String(draft.data.title || draft.data.heading || 'Untitled page');

export function DashboardScreen({ site, store }: { site: BuilderSite; store: DraftStore }) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [deleting, setDeleting] = useState<Draft | null>(null);
  const [message, setMessage] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  const refresh = useCallback(async () => {
    const drafts = await store.list();
    setRows(drafts.map((draft) => ({ draft, problems: checkDraft(draft, site, renderForLint).problems.length })));
  }, [site, store]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  useEffect(() => {
    if (deleting && !dialog.current?.open) dialog.current?.showModal();
  }, [deleting]);

  const start = async (template: TemplateName) => {
    const draft = newDraft(template, newDraftId(), Date.now());
    await store.put(draft);
    window.location.assign(builderUrl(draft));
  };

  return (
    <div className="dashboard">
      <section aria-labelledby="new-heading">
        <h2 id="new-heading">Start a new page</h2>
        <div className="export-actions">
          {(Object.keys(TEMPLATES) as TemplateName[]).map((name) => (
            <button key={name} type="button" className="button" onClick={() => void start(name)}>
              New {TEMPLATES[name].label.toLowerCase()}
            </button>
          ))}
        </div>
      </section>
      <section aria-labelledby="drafts-heading">
        <h2 id="drafts-heading">Drafts in this browser</h2>
        <p aria-live="polite">{message}</p>
        {rows === null ? (
          <p role="status">Loading drafts…</p>
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
                      <a className="button button-small" href={builderUrl(draft)} aria-label={`Open “${titleOf(draft)}” in the builder`}>
                        Open
                      </a>
                      <button
                        type="button"
                        className="button button-small button-secondary"
                        aria-label={`Duplicate “${titleOf(draft)}”`}
                        onClick={async () => {
                          await store.put(duplicateDraft(draft, newDraftId(), Date.now()));
                          setMessage(`Duplicated “${titleOf(draft)}”.`);
                          await refresh();
                        }}
                      >
                        Duplicate
                      </button>
                      <button type="button" className="button button-small button-secondary" aria-label={`Delete “${titleOf(draft)}”`} onClick={() => setDeleting(draft)}>
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
      <section aria-labelledby="bucket-heading">
        <h2 id="bucket-heading">Drafts in the Storage bucket</h2>
        <p>Not connected yet: drafts are saved to the bucket once the media library is in place. Until then they stay in this browser.</p>
      </section>
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
                    <a className="button button-small" href={`/integrated-builder?route=${encodeURIComponent(facts.route)}`} aria-label={`Edit “${facts.title}” in the builder`}>
                      Edit
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby="delete-heading" onClose={() => setDeleting(null)}>
        {deleting ? (
          <form
            method="dialog"
            onSubmit={async (event) => {
              const confirmed = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'delete';
              if (!confirmed) return;
              await store.delete(deleting.id);
              setMessage(`Deleted “${titleOf(deleting)}”.`);
              await refresh();
            }}
          >
            <h2 id="delete-heading">Delete “{titleOf(deleting)}”?</h2>
            <p>The draft is removed from this browser. This cannot be undone.</p>
            <div className="export-actions">
              <button type="submit" className="button" value="delete">
                Delete the draft
              </button>
              <button type="submit" className="button button-secondary" value="keep">
                Keep it
              </button>
            </div>
          </form>
        ) : null}
      </dialog>
    </div>
  );
}
