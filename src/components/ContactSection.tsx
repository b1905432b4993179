import type { ResolvedContact } from '../site/site-model.ts';
import { telHref } from './tel-href.ts';

export const NOT_AVAILABLE = 'Not available';

/**
 * The smart contact section in its loaded state, as the build renders it. The browser
 * island refreshes it from /content/{file}.json and owns the loading and error states.
 */
export function ContactSection({ file, details }: { file: string; details: ResolvedContact }) {
  return (
    <section id="contact" className="contact-section" aria-labelledby="contact-heading" data-island="contact" data-contact-file={file}>
      <div className="contact-inner">
        <h2 id="contact-heading">{details.title}</h2>
        {details.subtitle ? <p className="contact-subtitle">{details.subtitle}</p> : null}
        <ContactCards details={details} />
      </div>
    </section>
  );
}

export function ContactCards({ details }: { details: Pick<ResolvedContact, 'phone' | 'email' | 'location'> }) {
  return (
    <ul className="contact-cards">
      <li className="contact-card">
        <h3>Phone</h3>
        <p>{details.phone ? <a href={telHref(details.phone)}>{details.phone}</a> : NOT_AVAILABLE}</p>
      </li>
      <li className="contact-card">
        <h3>Email</h3>
        <p>{details.email ? <a href={`mailto:${details.email}`}>{details.email}</a> : NOT_AVAILABLE}</p>
      </li>
      <li className="contact-card">
        <h3>Location</h3>
        <p>{details.location}</p>
      </li>
    </ul>
  );
}
