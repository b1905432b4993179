// A failure in words, as the builder shows every refusal of the API: its title, what happened, what
// to do; the problems it lists, the other person's change and the newer version to start again
// from, the link when a review is wanted.
import type { ApiError } from '../../../kernel/wire/proposals.ts';
import { ApiCallFailure } from '../../account/api-call.ts';

/** The problems a refusal lists, the first few. */
const SHOWN_PROBLEMS = 5;

/**
 * A failure in words: its title, what happened, what to do; the link when a review is wanted. The
 * checks' problems are placed in the form's words by `placeOf` where the draft is at hand (else by
 * their line), never by their field's path.
 */
export function FailureNote({
  failure,
  placeOf,
  onStartAgain,
}: {
  failure: unknown;
  placeOf?: (problem: { field?: string; message: string }) => string;
  onStartAgain?: (newer: NonNullable<ApiError['newer']>) => void;
}) {
  const answer = failure instanceof ApiCallFailure ? failure.answer : null;
  const newer = answer?.newer;
  return (
    <div className="notice" role="alert">
      <p>
        <strong>{answer?.error.title ?? 'Something went wrong'}</strong>{' '}
        {answer?.error.message ?? String(failure)} {answer?.error.hint}
      </p>
      {answer?.problems?.length ? (
        <ul>
          {answer.problems.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
            <li key={index}>
              {placeOf ? placeOf(problem) : problem.line ? `Line ${problem.line}: ` : ''}
              {problem.message}
            </li>
          ))}
          {answer.problems.length > SHOWN_PROBLEMS ? (
            <li>And {answer.problems.length - SHOWN_PROBLEMS} more.</li>
          ) : null}
        </ul>
      ) : null}
      {answer?.diff ? (
        <>
          <p>{newer?.by ? `What ${newer.by} changed:` : 'What changed:'}</p>
          <pre className="proposal-diff">{answer.diff}</pre>
        </>
      ) : null}
      {newer && onStartAgain ? (
        <p>
          <button type="button" className="button" onClick={() => onStartAgain(newer)}>
            Start again from the newer version
          </button>{' '}
          Your draft is kept as it is until you choose.
        </p>
      ) : null}
      {answer?.reviewRequired && answer.url ? (
        <p>
          <a href={answer.url}>Open the pull request to ask for a review</a>
        </p>
      ) : null}
    </div>
  );
}
