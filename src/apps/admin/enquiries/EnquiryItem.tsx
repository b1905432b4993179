import { useState } from 'react';
import type { Enquiry } from '../../../kernel/wire/enquiry.ts';
import { ConfirmDialog } from '../../shared/ConfirmDialog.tsx';
import { useOpening } from '../../shared/use-opening.ts';
import { formatTime } from '../../shared/format.ts';
import { ApiProblem } from './ApiProblem.tsx';
import type { ApiCallFailure } from '../../account/api-call.ts';
import type { EnquiriesClient } from './client.ts';

const NOT_GIVEN = <span className="admin-unset">Not given</span>;
const NOT_SURE = 'not-sure';

/**
 * One enquiry: who, how to reach them (links that call or write), where, what for, and when it came;
 * marking it as spam or not, and deleting it after a confirmation. What the server refuses is said here.
 */
export function EnquiryItem({
  enquiry,
  client,
  serviceNames,
  onChanged,
  onDeleted,
}: {
  enquiry: Enquiry;
  client: EnquiriesClient;
  serviceNames: Readonly<Record<string, string>> | undefined;
  onChanged: (enquiry: Enquiry) => void;
  onDeleted: (enquiry: Enquiry) => void;
}) {
  const [busy, setBusy] = useState(false);
  // The Delete confirmation: a new dialog for each opening (use-opening.ts).
  const confirming = useOpening();
  const [failure, setFailure] = useState<ApiCallFailure | null>(null);
  const { fields } = enquiry;
  const who = fields.name.trim() || 'someone who gave no name';
  const spam = enquiry.spam === true;

  const act = async (action: () => Promise<void>, done: () => void) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      done();
    } catch (caught) {
      setFailure(caught as ApiCallFailure);
    } finally {
      setBusy(false);
    }
  };
  const mark = () =>
    act(
      () => client.markSpam(enquiry.id, !spam),
      () =>
        onChanged(
          spam ? (({ spam: _spam, ...rest }) => rest)(enquiry) : { ...enquiry, spam: true },
        ),
    );
  const remove = () =>
    act(
      () => client.remove(enquiry.id),
      () => onDeleted(enquiry),
    );
  const service =
    fields.service === NOT_SURE
      ? 'Not sure yet'
      : fields.service
        ? (serviceNames?.[fields.service] ?? fields.service)
        : '';

  return (
    <li className={spam ? 'admin-enquiry is-spam' : 'admin-enquiry'} data-id={enquiry.id}>
      <h3>
        {fields.name.trim() || 'No name given'}{' '}
        {spam ? <span className="admin-badge">Spam</span> : null}
      </h3>
      <dl className="admin-facts">
        <dt>Received</dt>
        <dd>{formatTime(enquiry.receivedAt)}</dd>
        <dt>Phone</dt>
        <dd>
          {fields.phone.trim() ? (
            <a href={`tel:${fields.phone.replace(/[^\d+]/g, '')}`}>
              {fields.phone.trim().replace(/\s+/g, '\u00a0')}
            </a>
          ) : (
            NOT_GIVEN
          )}
        </dd>
        <dt>Email</dt>
        <dd>
          {fields.email.trim() ? (
            <a href={`mailto:${fields.email.trim()}`}>{fields.email.trim()}</a>
          ) : (
            NOT_GIVEN
          )}
        </dd>
        <dt>Postcode</dt>
        <dd>{fields.postcode.trim() || NOT_GIVEN}</dd>
        <dt>Service</dt>
        <dd>{service || NOT_GIVEN}</dd>
        <dt>Message</dt>
        <dd className="admin-enquiry-message">{fields.message.trim() || NOT_GIVEN}</dd>
        <dt>Call back</dt>
        <dd>{fields.callback.trim() || NOT_GIVEN}</dd>
      </dl>
      {failure ? <ApiProblem failure={failure} /> : null}
      <div className="admin-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => void mark()}
        >
          {spam ? 'Not spam' : 'Mark as spam'}
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={busy}
          onClick={() => confirming.open(true)}
        >
          Delete
        </button>
      </div>
      {confirming.opened ? (
        <ConfirmDialog
          key={confirming.opened.key}
          title={`Delete the enquiry from ${who}?`}
          action="Delete enquiry"
          busyAction="Deleting…"
          busy={busy}
          onConfirm={() => void remove()}
          onClose={confirming.close}
          problem={failure ? <ApiProblem failure={failure} /> : null}
        >
          <p>
            It was received {formatTime(enquiry.receivedAt)}. Deleting it cannot be undone
            {spam ? '' : ': reply first, or note their details'}.
          </p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
