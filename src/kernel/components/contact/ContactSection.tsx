import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  CONTACT_ERROR_MESSAGES,
  contactTransition,
  ContactLoadError,
  FALLBACK_HEADING,
  FALLBACK_SUBTITLE,
  NOT_AVAILABLE,
  type ContactSectionProps,
  type ContactView,
} from './contact-data.ts';
import { loadContactHere } from './contact-first-load.ts';
import { telHref } from '../tel-href.ts';

export { NOT_AVAILABLE };

/**
 * The smart contact section, the "contact" island (on every page but /contact). The build renders its
 * loaded state, so nothing moves when the page opens; in the browser boot then asks for
 * /content/{file}.json (from the session cache when it can) and hydrates this only when the answer
 * changes the section: new details, or a failure, which shows the fallback details, the error's message
 * and Try Again, which shows the loading state and asks again.
 */
export function ContactSection({ file, details, fallback, firstLoad }: ContactSectionProps) {
  const [state, dispatch] = useReducer(contactTransition, { status: 'loaded', details });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const retried = useRef(false);

  const settle = useCallback(async (loading: Promise<ContactView>) => {
    try {
      dispatch({ type: 'resolved', details: await loading });
    } catch (error) {
      dispatch({
        type: 'rejected',
        failure: error instanceof ContactLoadError ? error.failure : 'failed',
      });
    }
  }, []);

  useEffect(() => {
    void settle(firstLoad ?? loadContactHere({ file, details }, false));
    // The first load only: details is the same object for the island's life.
  }, [settle, firstLoad, file, details]);

  // After Try Again the button is gone: focus goes to the section's heading, not the page top.
  useEffect(() => {
    if (retried.current && state.status !== 'loading') headingRef.current?.focus();
  }, [state.status]);

  const tryAgain = () => {
    retried.current = true;
    dispatch({ type: 'retry' });
    void settle(loadContactHere({ file, details }, true));
  };

  const shown: ContactView =
    state.status === 'loaded'
      ? state.details
      : { title: FALLBACK_HEADING, subtitle: FALLBACK_SUBTITLE, ...fallback };
  return (
    <section
      id="contact"
      className="contact-section"
      aria-labelledby="contact-heading"
      aria-busy={state.status === 'loading'}
      data-contact-file={file}
      data-state={state.status}
    >
      <div className="contact-inner">
        <h2 id="contact-heading" ref={headingRef} tabIndex={-1}>
          {shown.title}
        </h2>
        {shown.subtitle ? <p className="contact-subtitle">{shown.subtitle}</p> : null}
        <p className="contact-status" role="status">
          {state.status === 'loading' ? 'Loading contact details…' : ''}
        </p>
        {state.status === 'error' ? (
          <div className="contact-error" role="alert">
            <p>{CONTACT_ERROR_MESSAGES[state.failure]}</p>
            <button type="button" className="button" onClick={tryAgain}>
              Try Again
            </button>
          </div>
        ) : null}
        {state.status === 'loading' ? (
          <div className="contact-loading" aria-hidden="true" />
        ) : (
          <ContactCards details={shown} />
        )}
      </div>
    </section>
  );
}

export function ContactCards({
  details,
}: {
  details: Pick<ContactView, 'phone' | 'email' | 'location'>;
}) {
  return (
    <ul className="contact-cards">
      <li className="contact-card">
        <h3>Phone</h3>
        <p>
          {details.phone ? <a href={telHref(details.phone)}>{details.phone}</a> : NOT_AVAILABLE}
        </p>
      </li>
      <li className="contact-card">
        <h3>Email</h3>
        <p>
          {details.email ? <a href={`mailto:${details.email}`}>{details.email}</a> : NOT_AVAILABLE}
        </p>
      </li>
      <li className="contact-card">
        <h3>Location</h3>
        <p>{details.location}</p>
      </li>
    </ul>
  );
}
