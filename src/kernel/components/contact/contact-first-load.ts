/**
 * The smart contact section's loads in the browser, without React. The build renders the section
 * in its loaded state; boot asks for /content/{file}.json at once, and React is fetched and the
 * section hydrated only when what came back differs from what is shown, or the load failed.
 */
import type { ContactSectionProps } from './contact-data.ts';
import { loadContact, type ContactView } from './contact-data.ts';
import { sessionStorageOrNull } from '../session-storage.ts';

type ContactSource = Pick<ContactSectionProps, 'file' | 'details'>;

/** One load of the section's file: from the session cache unless `fresh` (Try Again). */
export function loadContactHere(
  { file, details }: ContactSource,
  fresh: boolean,
): Promise<ContactView> {
  return loadContact(file, {
    fetch: (url, init) => fetch(url, init),
    cache: sessionStorageOrNull(),
    defaults: { title: details.title, location: details.location },
    fresh,
  });
}

/**
 * The first load. Shown already: the element is marked data-checked and stays plain HTML.
 * Otherwise `hydrate` gets the load, for the island to show its outcome.
 */
export async function firstContactLoad(
  element: HTMLElement,
  hydrate: (firstLoad: Promise<ContactView>) => Promise<void>,
): Promise<void> {
  const props = JSON.parse(element.dataset.props ?? '{}') as ContactSectionProps;
  const loading = loadContactHere(props, false);
  const unchanged = await loading.then(
    (loaded) => sameView(loaded, props.details),
    () => false,
  );
  if (unchanged) element.dataset.checked = '';
  else await hydrate(loading);
}

const sameView = (a: ContactView, b: ContactView): boolean =>
  a.title === b.title &&
  a.subtitle === b.subtitle &&
  a.phone === b.phone &&
  a.email === b.email &&
  a.location === b.location;
