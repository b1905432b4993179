// The pages of a change, each with its own preview and its problems: a link to open it in the
// builder (adding to this change, its preview beside the form; a new page's draft is on the
// dashboard instead), its page on the deploy preview when there is one, and the checks' problems
// found in its file.
import type { Proposal } from '../../../kernel/wire/proposals.ts';
import { builderUrl } from '../../../kernel/wire/proposal-paths.ts';

type Problem = NonNullable<Proposal['checks']['problems']>[number];

export interface ChangePagesProps {
  proposal: Proposal;
  /** A problem placed in the form's words, where the draft of its page is at hand; else undefined. */
  placeOf?: (problem: Problem) => string | undefined;
}

export function ChangePages({ proposal, placeOf }: ChangePagesProps) {
  const { pages, checks, preview, state, id } = proposal;
  return (
    <ul className="change-pages">
      {pages.map((page) => {
        const problems = (checks.problems ?? []).filter((problem) => problem.file === page.path);
        return (
          <li key={page.path} data-page={page.path}>
            <strong>{page.page}</strong> <code>{page.route ?? page.path}</code>{' '}
            {state === 'open' && page.route && !page.new ? (
              <a href={builderUrl(page.route, id)}>
                Edit<span className="visually-hidden"> {page.page}</span>
              </a>
            ) : null}{' '}
            {preview.state === 'ready' && preview.url && page.route ? (
              <a href={new URL(page.route, preview.url).href}>
                Preview<span className="visually-hidden"> of {page.page}</span>
              </a>
            ) : null}
            {problems.length ? (
              <ul className="change-problems">
                {problems.map((problem, index) => (
                  <li key={index}>
                    {placeOf?.(problem) ?? (problem.line ? `Line ${problem.line}: ` : '')}
                    {problem.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
