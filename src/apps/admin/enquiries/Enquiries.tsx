import { useMemo, useState } from 'react';
import { useServices } from '../../../kernel/components/account/services.ts';
import type { Enquiry } from '../../../kernel/wire/enquiry.ts';
import { plural } from '../../shared/format.ts';
import { ApiProblem } from './ApiProblem.tsx';
import { enquiriesClient } from './client.ts';
import { EnquiryItem } from './EnquiryItem.tsx';
import { useApiRead } from '../use-api-read.ts';

/**
 * The quote form's enquiries, newest first, read through the enquiries function (Netlify Forms on
 * Netlify, .cache/forms/ locally): each with its contact details as links, marked as spam or not,
 * deleted after a confirmation. Nothing here is cached; every failure is said in words.
 */
export function EnquiriesSection({
  serviceNames,
  onReady,
}: {
  serviceNames: Readonly<Record<string, string>> | undefined;
  onReady: () => void;
}) {
  const services = useServices();
  const client = useMemo(() => (services ? enquiriesClient(services) : undefined), [services]);
  const [said, setSaid] = useState('');

  const { state, setState, retry } = useApiRead(
    client?.list,
    'The enquiries could not be read',
    onReady,
  );

  const update = (change: (enquiries: Enquiry[]) => Enquiry[]) =>
    setState((current) =>
      current.status === 'loaded' ? { ...current, data: change(current.data) } : current,
    );
  const changed = (enquiry: Enquiry) => {
    update((enquiries) => enquiries.map((one) => (one.id === enquiry.id ? enquiry : one)));
    setSaid(enquiry.spam ? 'Marked as spam.' : 'Marked as not spam.');
  };
  const deleted = (enquiry: Enquiry) => {
    update((enquiries) => enquiries.filter((one) => one.id !== enquiry.id));
    setSaid(
      `The enquiry from ${enquiry.fields.name.trim() || 'someone who gave no name'} was deleted.`,
    );
  };

  return (
    <section className="admin-section" id="enquiries" aria-labelledby="enquiries-heading">
      <h2 id="enquiries-heading">Enquiries</h2>
      {state.status === 'loading' ? (
        <p>
          <output>Reading the enquiries…</output>
        </p>
      ) : null}
      {state.status === 'failed' ? <ApiProblem failure={state.failure} onRetry={retry} /> : null}
      <p className="admin-status">
        <output>{said}</output>
      </p>
      {state.status === 'loaded' ? (
        state.data.length === 0 ? (
          <p>
            No enquiries yet. Each one sent with the quote form on /contact will be listed here,
            newest first.
          </p>
        ) : (
          <>
            <p className="admin-note">
              {plural(state.data.length, 'enquiry', 'enquiries')}, newest first.{' '}
              <button type="button" className="button button-secondary" onClick={retry}>
                Check for new ones
              </button>
            </p>
            <ol className="admin-enquiries">
              {state.data.map((enquiry) => (
                <EnquiryItem
                  key={enquiry.id}
                  enquiry={enquiry}
                  client={client!}
                  serviceNames={serviceNames}
                  onChanged={changed}
                  onDeleted={deleted}
                />
              ))}
            </ol>
          </>
        )
      ) : null}
    </section>
  );
}
