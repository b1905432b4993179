import { useServices } from '../../../kernel/components/account/services.ts';
import type { DescribedStorageError } from '../../media/storage-errors.ts';

/** A storage error in words (src/apps/media/storage-errors.ts), with "Sign in again" when the sign-in has run out. */
export function StorageProblem({ error }: { error: DescribedStorageError }) {
  const services = useServices();
  return (
    <div className="form-error" role="alert">
      <p>{error.message}</p>
      {error.signInAgain ? (
        // Signing out sends the guard to /login?next=/admin: the administrator comes back here.
        <button type="button" className="button" onClick={() => void services?.signOut()}>
          Sign in again
        </button>
      ) : null}
    </div>
  );
}
