// The summary at the top of the form (GOV.UK's error summary): the problems the owner has met, each
// a way to its field, named in the form's own words ("Block 2 (Hero): Fill in “Heading”."). Problems
// show once their field has been left, or once the owner tries to propose or export; until then the
// summary only says how the checks stand.
import type { ContentProblem } from '../../../kernel/errors/problems.ts';

export function ProblemsList({
  problems,
  state,
  whereOf,
  onGo,
}: {
  problems: readonly ContentProblem[];
  state: 'checking' | 'passes' | 'waiting';
  whereOf: (problem: ContentProblem) => string;
  onGo: (problem: ContentProblem) => void;
}) {
  const count = problems.length;
  return (
    <section
      className={count ? 'problems has-problems' : 'problems'}
      aria-labelledby="problems-heading"
      id="problems"
      tabIndex={-1}
    >
      <h2 id="problems-heading">
        {count === 0
          ? state === 'passes'
            ? 'No problems'
            : 'Checks'
          : count === 1
            ? '1 problem'
            : `${count} problems`}
      </h2>
      <p className="field-hint" aria-live="polite">
        {count > 0
          ? 'Put each one right to propose or export the page.'
          : state === 'checking'
            ? 'Checking the page…'
            : state === 'passes'
              ? 'The page passes the site’s checks.'
              : 'Anything to put right shows here and at its field once you leave the field, or when you propose or export the page.'}
      </p>
      {count > 0 ? (
        <ul className="problem-list">
          {problems.map((problem, i) => (
            <li key={i}>
              <button type="button" className="link-button" onClick={() => onGo(problem)}>
                {whereOf(problem)}
                {problem.message}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
