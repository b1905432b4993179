import { useServices } from '../../../kernel/components/account/services.ts';
import type { ApiCallFailure } from '../../account/api-call.ts';

/** A failure of the enquiries API in words: what went wrong, what to do, "Sign in again" when the sign-in is the problem. */
export function ApiProblem({
  failure,
  onRetry,
}: {
  failure: ApiCallFailure;
  onRetry?: () => void;
}) {
  const services = useServices();
  const { title, message, hint } = failure.answer.error;
  return (
    <div className="form-error" role="alert">
      <p>
        <strong>{title}.</strong> {message}
      </p>
      {hint ? <p>{hint}</p> : null}
      <div className="admin-actions">
        {failure.status === 401 ? (
          // Signing out sends the guard to /login?next=/admin: the administrator comes back here.
          <button type="button" className="button" onClick={() => void services?.signOut()}>
            Sign in again
          </button>
        ) : null}
        {onRetry ? (
          <button type="button" className="button button-secondary" onClick={onRetry}>
            Try again
          </button>
        ) : null}
      </div>
    </div>
  );
}
