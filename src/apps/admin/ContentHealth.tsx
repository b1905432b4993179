import type { ContentHealth } from '../../kernel/wire/build-files.ts';
import { plural } from '../shared/format.ts';

export type HealthState =
  | { status: 'loading' }
  | { status: 'loaded'; health: ContentHealth }
  | { status: 'failed' };

/** Content health, from content-health.json: the content check, the lint's table and its warnings, and which pages use which library photo. */
export function ContentHealthSection({ health }: { health: HealthState }) {
  return (
    <section className="admin-section" id="health" aria-labelledby="health-heading">
      <h2 id="health-heading">Content health</h2>
      {health.status === 'loading' ? (
        <p>
          <output>Reading the build’s content report…</output>
        </p>
      ) : null}
      {health.status === 'failed' ? (
        <p role="alert">
          The build’s content report (content-health.json) could not be read. Reload the page; if it
          stays missing, run a new build.
        </p>
      ) : null}
      {health.status === 'loaded' ? <Report health={health.health} /> : null}
    </section>
  );
}

function Report({ health }: { health: Extract<HealthState, { status: 'loaded' }>['health'] }) {
  const { check, lint, photos } = health;
  const used = Object.entries(photos).sort(([a], [b]) => a.localeCompare(b));
  return (
    <>
      <p>
        The content check passed: {plural(check.files, 'content file')},{' '}
        {plural(check.routes, 'page')} and {plural(check.images + check.libraryPhotos, 'photo')} (
        {check.libraryPhotos} from the media library), with no problems.
      </p>
      {lint.notLinted ? (
        <p className="admin-warning">
          This build did not run the content lint: {lint.notLinted} pages were new to it, more than
          a build lints at once. <code>npm run check</code> runs it on every page.
        </p>
      ) : (
        <table className="admin-table">
          <caption>
            Content lint:{' '}
            {lint.warnings.length === 0 ? 'no warnings' : plural(lint.warnings.length, 'warning')}
          </caption>
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">What it checks</th>
              <th scope="col">Pages</th>
              <th scope="col">Warnings</th>
            </tr>
          </thead>
          <tbody>
            {lint.rules.map((rule) => (
              <tr key={rule.id}>
                <th scope="row">{rule.id}</th>
                <td>{rule.summary}</td>
                <td>{rule.checked}</td>
                <td>{rule.problems}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {lint.warnings.length > 0 ? (
        <ul className="admin-warnings">
          {lint.warnings.map((warning, index) => (
            <li key={index}>
              <code>
                {warning.file}
                {warning.line ? `:${warning.line}` : ''}
              </code>{' '}
              {warning.message}
            </li>
          ))}
        </ul>
      ) : null}
      <h3>Library photos in use</h3>
      {used.length === 0 ? (
        <p>No page uses a photo from the media library yet.</p>
      ) : (
        <ul className="admin-usage">
          {used.map(([fullPath, pages]) => (
            <li key={fullPath}>
              <code>{fullPath}</code>:{' '}
              {pages.map((page, index) => (
                <span key={page.route}>
                  {index > 0 ? ', ' : ''}
                  <a href={page.route}>{page.route}</a>
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
