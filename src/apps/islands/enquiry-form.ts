/**
 * The enquiry form's script (src/kernel/components/enquiry/EnquiryForm.tsx), run as the page loads
 * by the pages that hold the form, without React. It preselects the service a link asks for
 * (/contact?service=<slug>#enquiry), checks the fields by the form's own rules and words
 * (src/kernel/wire/enquiry-rules.ts) the GOV.UK Design System's way, and sends the form as Netlify
 * documents for scripted submissions: URL-encoded, to "/". The thank-you then shows in place; a
 * failure or no answer in time says what to do, and everything typed stays. Without this script
 * the form still works: it posts to the thank-you page.
 */
import {
  ENQUIRY_FIELD_NAMES,
  ENQUIRY_FORM,
  enquiryProblems,
  ERROR_PREFIX,
  fieldId,
  MESSAGES,
  outsideArea,
  outsideAreaNote,
  PART_IDS,
  SEND_TIMEOUT_MS,
  type EnquiryProblem,
} from '../../kernel/wire/enquiry-rules.ts';

const byId = (id: string) => document.getElementById(id) as HTMLElement;

function enhance(form: HTMLFormElement): void {
  const summary = byId(PART_IDS.problems);
  const failed = byId(PART_IDS.failed);
  const button = form.querySelector('button') as HTMLButtonElement;
  const service = byId(fieldId('service')) as HTMLSelectElement;
  const postcode = byId(fieldId('postcode')) as HTMLInputElement;
  const served = (form.dataset.served ?? '').split(' ');
  const title = document.title;
  const values = () => Object.fromEntries(new FormData(form)) as Record<string, string>;
  // The browser's own checks are for visitors without scripts: here the form's words are shown.
  form.noValidate = true;

  const wanted = new URLSearchParams(location.search).get('service');
  if ([...service.options].some((option) => option.value === wanted)) service.value = wanted!;

  // A postcode outside the areas served is welcome: a note, read out as it appears, not an error.
  const note = () => {
    const outward = outsideArea(postcode.value.trim(), served);
    byId(fieldId('postcode', 'note')).textContent = outward ? outsideAreaNote(outward) : '';
  };
  postcode.addEventListener('change', note);

  /** Each problem at its field and, linked to the field, in the summary, which takes the focus. */
  const show = (problems: readonly EnquiryProblem[]) => {
    for (const field of ENQUIRY_FIELD_NAMES) {
      const message = problems.find((problem) => problem.field === field)?.message ?? '';
      const slot = byId(fieldId(field, 'error'));
      const control = byId(fieldId(field));
      const described = new Set(control.getAttribute('aria-describedby')?.split(' '));
      described[message ? 'add' : 'delete'](slot.id);
      control.setAttribute('aria-describedby', [...described].join(' ').trim());
      if (message) control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
      slot.lastElementChild!.textContent = message;
      slot.hidden = !message;
      slot.parentElement!.classList.toggle('has-error', !!message);
    }
    summary.querySelector('ul')!.replaceChildren(
      ...problems.map(({ field, message }) => {
        const item = document.createElement('li');
        item.append(
          Object.assign(document.createElement('a'), {
            href: `#${fieldId(field)}`,
            textContent: message,
          }),
        );
        return item;
      }),
    );
    summary.hidden = !problems.length;
    document.title = problems.length ? `${ERROR_PREFIX} ${title}` : title;
    if (problems.length) summary.focus();
  };

  // A link in the summary puts the field's label in view and the focus in the field.
  summary.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a');
    if (!link) return;
    event.preventDefault();
    const control = byId(link.hash.slice(1));
    control.closest('.field')!.scrollIntoView();
    control.focus({ preventScroll: true });
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });

  /** Checks the form and sends it, saying how that went. */
  async function send() {
    note();
    failed.hidden = true;
    const problems = enquiryProblems(values());
    show(problems);
    if (problems.length) return;
    const label = button.textContent;
    button.disabled = true;
    button.textContent = MESSAGES.sending;
    try {
      const response = await fetch('/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(values()),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`The form was answered ${response.status}`);
      form.hidden = true;
      const sent = byId(PART_IDS.sent);
      sent.hidden = false;
      sent.focus();
    } catch {
      failed.hidden = false;
      failed.focus();
    } finally {
      button.disabled = false;
      button.textContent = label;
    }
  }
}

const form = document.querySelector<HTMLFormElement>(`form[name="${ENQUIRY_FORM}"]`);
if (form) enhance(form);
