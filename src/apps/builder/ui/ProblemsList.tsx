// Every problem the checks found, each with a way to its field.
import type { ContentProblem } from '../../../kernel/errors/problems.ts';
import { CATALOGUE } from '../../../kernel/errors/catalogue.ts';

export function ProblemsList({ problems, checking, onGo }: { problems: readonly ContentProblem[]; checking: boolean; onGo(problem: ContentProblem): void }) {
  return (
    <section className={problems.length ? 'problems has-problems' : 'problems'} aria-labelledby="problems-heading" id="problems" tabIndex={-1}>
      <h2 id="problems-heading">{problems.length === 0 ? 'No problems' : problems.length === 1 ? '1 problem' : `${problems.length} problems`}</h2>
      <p className="field-hint" aria-live="polite">
        {checking ? 'Checking…' : problems.length === 0 ? 'The page passes the same checks as npm run check.' : 'The same checks as npm run check. Fix each one to export the page.'}
      </p>
      {problems.length > 0 ? (
        <ul className="problem-list">
          {problems.map((problem, i) => (
            <li key={i}>
              <strong>{CATALOGUE[problem.code].title}</strong>
              {problem.field ? <span className="problem-field"> ({problem.field})</span> : null}: {problem.message}{' '}
              <button type="button" className="link-button" onClick={() => onGo(problem)}>
                Go to the field
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
