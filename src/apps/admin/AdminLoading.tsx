/**
 * While the admin screen's code or data arrive: the guard's checking box to look at (the same size
 * and place, so nothing moves), but not its state: the guard has decided, the administrator is in.
 */
export function AdminLoading() {
  return (
    <div className="account-panel" data-status="loading">
      <p className="account-checking">
        <output>Loading the admin area…</output>
      </p>
    </div>
  );
}
