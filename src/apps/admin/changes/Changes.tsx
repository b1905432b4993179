// The changes to the site, on /admin: those waiting to be published, those scheduled (with their
// time in the owner's words, and what the scheduled run found once it has come), and those
// published lately. Each is a plain link: an open change to its place on the dashboard, where it is
// published, scheduled or withdrawn; a published one to its pages on the site.
import { useMemo, useState } from 'react';
import { useServices } from '../../../kernel/components/account/services.ts';
import type { Proposal } from '../../../kernel/wire/proposals.ts';
import { changeUrl } from '../../../kernel/wire/proposal-paths.ts';
import { publishedAtWords, wallTimeWords } from '../../../kernel/wire/schedule-words.ts';
import { proposalsClient } from '../../shared/proposals-client.ts';
import { ApiProblem } from '../enquiries/ApiProblem.tsx';
import { useApiRead } from '../use-api-read.ts';
import { formatTime } from '../../shared/format.ts';

const pagesOf = (change: Proposal) => change.pages.map((page) => page.page).join(', ');

export function ChangesSection({ onReady }: { onReady: () => void }) {
  const services = useServices();
  const client = useMemo(() => (services ? proposalsClient(services) : undefined), [services]);
  const read = useMemo(
    () =>
      client
        ? () =>
            Promise.all([client.list(), client.published()]).then(([open, published]) => ({
              open,
              published,
            }))
        : undefined,
    [client],
  );
  const { state, retry } = useApiRead(read, 'The changes could not be read', onReady);
  // The year the screen opened in: times in it are written without their year.
  const [thisYear] = useState(() => new Date().getFullYear());
  return (
    <section className="admin-section" id="changes" aria-labelledby="changes-heading">
      <h2 id="changes-heading">Changes</h2>
      {state.status === 'loading' ? (
        <p>
          <output>Reading the changes…</output>
        </p>
      ) : null}
      {state.status === 'failed' ? <ApiProblem failure={state.failure} onRetry={retry} /> : null}
      {state.status === 'loaded' ? (
        <>
          <h3>Waiting to be published</h3>
          <List
            changes={state.data.open.filter((change) => !change.schedule)}
            empty="No change is waiting."
            say={(change) => `Checks: ${change.checks.state}.`}
          />
          <h3>Scheduled</h3>
          <List
            changes={state.data.open.filter((change) => change.schedule)}
            empty="No change is scheduled."
            say={({ schedule }) => {
              const { note } = schedule!;
              const when = `Publishes on ${wallTimeWords(schedule!, thisYear)} (UK time).`;
              if (!note) return when;
              return `${when} ${note.state === 'waiting' ? 'Its time has come: ' : 'Not published at its time: '}${note.error.title}. ${note.error.message}`;
            }}
          />
          <h3>Published lately</h3>
          <ul className="admin-changes">
            {state.data.published.length === 0 ? (
              <li>Nothing has been published from the builder lately.</li>
            ) : null}
            {state.data.published.map((change) => (
              <li key={change.id}>
                {change.summary} ({pagesOf(change)}):{' '}
                {change.schedule
                  ? publishedAtWords(change.published!.at, change.schedule, thisYear)
                  : `Published ${formatTime(change.published!.at)}.`}{' '}
                {change.pages.map((page) =>
                  page.route ? (
                    <a key={page.path} href={page.route}>{`Open ${page.page}`}</a>
                  ) : null,
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** Open changes, each a link to its place on the dashboard. */
function List({
  changes,
  empty,
  say,
}: {
  changes: Proposal[];
  empty: string;
  say: (change: Proposal) => string;
}) {
  return (
    <ul className="admin-changes">
      {changes.length === 0 ? <li>{empty}</li> : null}
      {changes.map((change) => (
        <li
          key={change.id}
          data-state={change.schedule?.note?.state ?? (change.schedule ? 'scheduled' : 'waiting')}
        >
          <a href={changeUrl(change.id)}>{change.summary}</a> ({pagesOf(change)}). {say(change)}
        </li>
      ))}
    </ul>
  );
}
