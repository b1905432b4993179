import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ContactLoadError,
  type ContactView,
} from '../../../../../src/kernel/components/contact/contact-data.ts';
import { firstContactLoad } from '../../../../../src/kernel/components/contact/contact-first-load.ts';

const shown: ContactView = {
  title: 'Talk to the team',
  subtitle: 'We reply the same day',
  phone: '01689 123 456',
  email: 'hello@ardent.example',
  location: 'Orpington',
};

/** The island's element as the build renders it: only its data attributes matter here. */
function island(): HTMLElement {
  const props = {
    file: 'about-contact',
    details: shown,
    fallback: { phone: shown.phone, email: shown.email, location: shown.location },
  };
  return { dataset: { island: 'contact', props: JSON.stringify(props) } } as unknown as HTMLElement;
}

/** What firstContactLoad calls to start the island, with the first load under way. */
type Hydrate = Parameters<typeof firstContactLoad>[1];

const answer = (body: unknown, status = 200) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe("the contact section's first load, before React", () => {
  it('asks for /content/{file}.json and, when it matches what the page shows, marks the section checked and hydrates nothing', async () => {
    const fetch = answer({
      title: shown.title,
      subtitle: shown.subtitle,
      phone: shown.phone,
      email: shown.email,
      location: shown.location,
    });
    vi.stubGlobal('fetch', fetch);
    const element = island();
    const hydrate = vi.fn<Hydrate>(async () => {});
    await firstContactLoad(element, hydrate);
    expect(fetch).toHaveBeenCalledWith('/content/about-contact.json', expect.anything());
    expect(hydrate).not.toHaveBeenCalled();
    expect(element.dataset.checked).toBe('');
  });

  it('hands a changed answer to the island to show', async () => {
    vi.stubGlobal('fetch', answer({ title: 'New title', contact: { phone: '01632 960 000' } }));
    const element = island();
    const hydrate = vi.fn<Hydrate>(async () => {});
    await firstContactLoad(element, hydrate);
    expect(element.dataset.checked).toBeUndefined();
    await expect(hydrate.mock.calls[0]![0]).resolves.toMatchObject({
      title: 'New title',
      phone: '01632 960 000',
      email: null,
    });
  });

  it('hands a failed load to the island, which shows the error state', async () => {
    vi.stubGlobal('fetch', answer('Internal Server Error', 500));
    const element = island();
    const hydrate = vi.fn<Hydrate>(async (firstLoad) => void firstLoad.catch(() => {}));
    await firstContactLoad(element, hydrate);
    expect(element.dataset.checked).toBeUndefined();
    await expect(hydrate.mock.calls[0]![0]).rejects.toBeInstanceOf(ContactLoadError);
  });
});
