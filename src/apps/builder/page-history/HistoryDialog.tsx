// The page's published versions, newest first, 20 at a time: when, by whom, the summary, and what
// changed from the version before (the server's short diff, src/kernel/wire/history.ts). "Restore
// this version" opens it as a new draft of the page (draftFromVersion, PageHistory.tsx), so the builder checks it
// and it is proposed like any change; nothing on the site changes until it is published.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PageHistory, PageVersion, PageVersionFile } from '../../../kernel/wire/history.ts';
import { Dialog } from '../../shared/Dialog.tsx';
import { useDomId } from '../../shared/dom-id.ts';
import { formatTime } from '../../shared/format.ts';
import type { Draft } from '../draft.ts';
import { FailureNote } from '../proposals/FailureNote.tsx';
import type { ProposalsClient } from '../../shared/proposals-client.ts';
import { DiffLines, diffCounts } from './DiffLines.tsx';

type Listing =
  | { status: 'loading' }
  | { status: 'failed'; failure: unknown }
  | { status: 'loaded'; history: PageHistory };

/** `onRestore` gets the version's file, to open as a new draft, and what to tell the owner about it. */
export function HistoryDialog({
  draft,
  client,
  onRestore,
  onClose,
}: {
  draft: Draft;
  client: Pick<ProposalsClient, 'history' | 'version'>;
  onRestore: (version: PageVersionFile, said: string) => void;
  onClose: () => void;
}) {
  const path = draft.origin!.path;
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  // The answer to the last request (page and attempt): loading while it is for another.
  const [answer, setAnswer] = useState<(Listing & { request: string }) | null>(null);
  const [restoring, setRestoring] = useState<string | null>(null);
  const [restoreFailure, setRestoreFailure] = useState<unknown>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const paged = useRef(false);

  const request = `${page}/${attempt}`;
  useEffect(() => {
    let current = true;
    client.history(path, page).then(
      (history) => {
        if (current) setAnswer({ request, status: 'loaded', history });
      },
      (failure: unknown) => {
        if (current) setAnswer({ request, status: 'failed', failure });
      },
    );
    return () => {
      current = false;
    };
  }, [client, path, page, request]);
  const listing: Listing = useMemo(
    () => (answer?.request === request ? answer : { status: 'loading' }),
    [answer, request],
  );

  // After "Newer" or "Older", focus goes to the top of the list, where reading starts again.
  useEffect(() => {
    if (listing.status === 'loaded' && paged.current) heading.current?.focus();
  }, [listing]);

  const restore = async (version: PageVersion) => {
    setRestoring(version.commit);
    setRestoreFailure(null);
    try {
      const file = await client.version(path, version.commit);
      onRestore(
        file,
        `The version published ${formatTime(version.when)} is open below as a new draft. Check it, then propose it to put it back on the site.`,
      );
    } catch (failure) {
      setRestoreFailure(failure);
      setRestoring(null);
    }
  };
  const go = (next: number) => {
    paged.current = true;
    setPage(next);
  };

  return (
    <Dialog title="History of this page" onClose={onClose} className="history-dialog">
      <p>
        Each time this page was published, newest first, with what changed. “Restore this version”
        opens it here as a draft: check it, change it if you like, then propose it as any change.
        Nothing on the site changes until it is published.
      </p>
      {restoreFailure ? <FailureNote failure={restoreFailure} /> : null}
      <h3 ref={heading} tabIndex={-1} className="history-range">
        {page === 1 ? 'Newest versions' : `Older versions, page ${page}`}
      </h3>
      {listing.status === 'loading' ? (
        <p>
          <output>Loading the page’s history…</output>
        </p>
      ) : null}
      {listing.status === 'failed' ? (
        <>
          <FailureNote failure={listing.failure} />
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </>
      ) : null}
      {listing.status === 'loaded' ? (
        listing.history.versions.length === 0 ? (
          <p>
            {page === 1
              ? 'This page has no published versions yet: it has not been published from this site’s repository.'
              : 'There are no older versions.'}
          </p>
        ) : (
          <ol className="history-list">
            {listing.history.versions.map((version) => (
              <Version
                key={version.commit}
                version={version}
                live={version.blob === draft.origin!.blob}
                busy={restoring}
                onRestore={() => void restore(version)}
              />
            ))}
          </ol>
        )
      ) : null}
      <div className="history-pages">
        <button
          type="button"
          className="button button-secondary"
          disabled={page === 1 || listing.status === 'loading'}
          onClick={() => go(page - 1)}
        >
          Newer versions
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={listing.status !== 'loaded' || !listing.history.more}
          onClick={() => go(page + 1)}
        >
          Older versions
        </button>
      </div>
    </Dialog>
  );
}

function Version({
  version,
  live,
  busy,
  onRestore,
}: {
  version: PageVersion;
  live: boolean;
  busy: string | null;
  onRestore: () => void;
}) {
  const id = useDomId('version');
  const { added, removed } = diffCounts(version.diff);
  const restorable = version.change !== 'removed' && !live;
  return (
    <li className="history-version">
      <h4 id={`${id}-summary`}>{version.summary || 'No summary given'}</h4>
      <p className="history-meta" id={`${id}-meta`}>
        Published {formatTime(version.when)} by {version.by}
        {live ? <strong className="history-live"> · On the site now</strong> : null}
      </p>
      {version.change === 'removed' ? <p>This change removed the page from the site.</p> : null}
      {version.change === 'added' ? <p>The page’s first version.</p> : null}
      <details className="history-diff">
        <summary>
          What changed: {added} {added === 1 ? 'line' : 'lines'} added, {removed} removed
        </summary>
        <DiffLines diff={version.diff} />
      </details>
      {restorable ? (
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          aria-describedby={`${id}-summary ${id}-meta`}
          onClick={onRestore}
        >
          {busy === version.commit ? 'Opening this version…' : 'Restore this version'}
        </button>
      ) : null}
    </li>
  );
}
