import type { ReactNode } from 'react';
import type { Block } from '../../schema/index.ts';
import {
  CONTACT_GROUP,
  ENQUIRY_FORM,
  fieldId,
  FORM_WORDS,
  HONEYPOT_FIELD,
  NOT_SURE,
  PART_IDS,
  type EnquiryFieldName,
} from '../../wire/enquiry-rules.ts';
import { EnquiryField } from './EnquiryField.tsx';

type EnquiryFormBlock = Extract<Block, { type: 'enquiry-form' }>;

export interface EnquiryFormProps {
  block: EnquiryFormBlock;
  /** The site's services, in its order: the service list's options. */
  services: readonly { slug: string; name: string }[];
  /** The outward codes of the areas served (BR6…): a postcode elsewhere gets a note, not an error. */
  served: readonly string[];
  phone: { label: string; href: string };
}

/**
 * The quote request form, in the static HTML for Netlify Forms to find at deploy: a `name`,
 * `data-netlify`, the `form-name` Netlify needs on a scripted submission, and a honeypot. Without
 * scripts it posts to the thank-you page, the browser checking what the markup says (the
 * required fields, the email address); with them, src/apps/islands/enquiry-form.ts checks it by the same rules, in
 * the GOV.UK Design System's way (an error summary linking to each field, the message repeated at
 * the field), sends it and shows the hidden parts below: the summary, the thank-you, the failure.
 */
export function EnquiryForm({ block, services, served, phone }: EnquiryFormProps) {
  const call = (words: readonly [string, string]) => (
    <>
      {words[0]}
      <a href={phone.href}>{phone.label}</a>
      {words[1]}
    </>
  );
  const field = (name: EnquiryFieldName, control?: ReactNode) => (
    <EnquiryField name={name}>{control}</EnquiryField>
  );
  return (
    <section id={ENQUIRY_FORM} className="enquiry" aria-labelledby={`${ENQUIRY_FORM}-heading`}>
      <h2 id={`${ENQUIRY_FORM}-heading`}>{block.heading}</h2>
      {block.intro ? <p>{block.intro}</p> : null}
      {/* GOV.UK's error summary: the script focuses it, and its role="alert" wrapper has the whole summary
          read out. The role "group" lets it be named by its heading (a div without a role cannot be named,
          ARIA 1.2), so the focus lands on "There is a problem". */}
      <div
        id={PART_IDS.problems}
        className="error-summary"
        role="group"
        tabIndex={-1}
        aria-labelledby={`${PART_IDS.problems}-heading`}
        hidden
      >
        <div role="alert">
          <h3 id={`${PART_IDS.problems}-heading`}>{FORM_WORDS.summary}</h3>
          <ul />
        </div>
      </div>
      <div id={PART_IDS.sent} className="enquiry-sent" tabIndex={-1} hidden>
        <h3>{FORM_WORDS.sent}</h3>
        <p>{block.sent}</p>
        <p>{call(FORM_WORDS.urgent)}</p>
      </div>
      <form
        name={ENQUIRY_FORM}
        method="post"
        action={block.thankYouPage}
        data-netlify="true"
        data-netlify-honeypot={HONEYPOT_FIELD}
        data-served={served.join(' ')}
      >
        <input type="hidden" name="form-name" value={ENQUIRY_FORM} />
        <p className="enquiry-honeypot">
          <label>
            {FORM_WORDS.honeypot}{' '}
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
          </label>
        </p>
        {field('name')}
        <fieldset className="field-group" aria-describedby={`${ENQUIRY_FORM}-contact-hint`}>
          <legend>{CONTACT_GROUP.legend}</legend>
          <p id={`${ENQUIRY_FORM}-contact-hint`} className="field-hint">
            {CONTACT_GROUP.hint}
          </p>
          {field('phone')}
          {field('email')}
        </fieldset>
        {field('postcode')}
        {field(
          'service',
          <select id={fieldId('service')} name="service" defaultValue={NOT_SURE}>
            <option value={NOT_SURE}>{FORM_WORDS.notSure}</option>
            {services.map((service) => (
              <option key={service.slug} value={service.slug}>
                {service.name}
              </option>
            ))}
          </select>,
        )}
        {field(
          'message',
          <textarea
            id={fieldId('message')}
            name="message"
            rows={5}
            aria-describedby={fieldId('message', 'hint')}
          />,
        )}
        {field('callback')}
        <p id={PART_IDS.failed} className="form-error" tabIndex={-1} hidden>
          {call(FORM_WORDS.failed)}
        </p>
        <button type="submit" className="button">
          {FORM_WORDS.send}
        </button>
        <p className="enquiry-privacy">
          {block.privacy.text} <a href={block.privacy.link.href}>{block.privacy.link.label}</a>
        </p>
      </form>
    </section>
  );
}
