import type { ContentHealth } from '../../kernel/wire/build-files.ts';
import { builderUrl } from '../../kernel/wire/proposal-paths.ts';

/** Every page of the site (content-health.json's list), each with "Edit", which opens the page builder on it: plain links. */
export function PagesSection({ pages }: { pages: ContentHealth['pages'] | undefined }) {
  return (
    <section className="admin-section" id="pages" aria-labelledby="pages-heading">
      <h2 id="pages-heading">Pages</h2>
      {pages ? (
        <>
          <p>
            Every page of the site. Edit opens it in the page builder, beside its preview: nothing
            changes on the site until you publish.
          </p>
          <ul className="admin-pages">
            {pages.map((page) => (
              <li key={page.route}>
                <a href={page.route}>{page.name}</a> <code>{page.route}</code>{' '}
                <a href={builderUrl(page.route)}>
                  Edit<span className="visually-hidden"> {page.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          The list of pages comes with the build’s content report, which could not be read: reload
          the page.
        </p>
      )}
    </section>
  );
}
