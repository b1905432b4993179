import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTACT_ERROR_MESSAGES,
  CONTACT_TIMEOUT_MS,
  contactTransition,
  ContactLoadError,
  loadContact,
  readContactDetails,
  type ContactCache,
  type ContactState,
  type LoadContactOptions,
} from '../../../../../src/kernel/components/contact/contact-data.ts';

const defaults = {
  title: 'Contact Ardent Cleaning',
  location: 'Orpington, Bromley and surrounding areas',
};
const loaded: ContactState = {
  status: 'loaded',
  details: { title: 'T', subtitle: '', phone: '1', email: 'a@b.example', location: 'L' },
};

class MemoryCache implements ContactCache {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const json = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('the contact state machine: loading, loaded, error, Try Again', () => {
  it('goes from loaded or loading to loaded when the file arrives, and to error when it fails', () => {
    expect(
      contactTransition({ status: 'loading' }, { type: 'resolved', details: loaded.details }),
    ).toEqual(loaded);
    expect(contactTransition(loaded, { type: 'rejected', failure: 'timeout' })).toEqual({
      status: 'error',
      failure: 'timeout',
    });
    expect(
      contactTransition({ status: 'loading' }, { type: 'rejected', failure: 'failed' }),
    ).toEqual({ status: 'error', failure: 'failed' });
  });

  it('Try Again moves an error to loading, and does nothing in the other states', () => {
    expect(contactTransition({ status: 'error', failure: 'failed' }, { type: 'retry' })).toEqual({
      status: 'loading',
    });
    expect(contactTransition(loaded, { type: 'retry' })).toBe(loaded);
    expect(contactTransition({ status: 'loading' }, { type: 'retry' })).toEqual({
      status: 'loading',
    });
  });

  it('has the timeout and failure messages and the fallback heading word for word', () => {
    expect(CONTACT_ERROR_MESSAGES.timeout).toBe(
      'The request took too long. Please check your connection and try again.',
    );
    expect(CONTACT_ERROR_MESSAGES.failed).toBe(
      'Unable to load contact information. Please try again later.',
    );
    expect(CONTACT_TIMEOUT_MS).toBe(5000);
  });
});

describe('reading a contact file, flat or nested, from /content/{file}.json', () => {
  it('reads the flat form', () => {
    expect(
      readContactDetails(
        { title: 'Hi', subtitle: 'S', phone: '0163', email: 'a@b.example', location: 'Here' },
        defaults,
      ),
    ).toEqual({
      title: 'Hi',
      subtitle: 'S',
      phone: '0163',
      email: 'a@b.example',
      location: 'Here',
    });
  });

  it('reads the nested form, contact.phone and contact.email', () => {
    const details = readContactDetails(
      { title: 'Hi', contact: { phone: '0163', email: 'a@b.example' } },
      defaults,
    );
    expect(details).toMatchObject({ phone: '0163', email: 'a@b.example' });
  });

  it('leaves a missing phone or email empty (shown as "Not available") and applies the default title and location', () => {
    expect(readContactDetails({ email: 'a@b.example' }, defaults)).toEqual({
      ...defaults,
      subtitle: '',
      phone: null,
      email: 'a@b.example',
    });
    expect(readContactDetails({ phone: '   ' }, defaults)?.phone).toBeNull();
  });

  it('treats anything but an object as malformed', () => {
    for (const body of [null, 'text', 42, ['a']])
      expect(readContactDetails(body, defaults)).toBeNull();
  });
});

describe('loading a contact file', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const options = (
    fetch: LoadContactOptions['fetch'],
    cache: ContactCache | null = new MemoryCache(),
  ): LoadContactOptions => ({ fetch, cache, defaults });

  it('asks for /content/{file}.json and caches it for the session: a second load asks nothing', async () => {
    const fetch = vi.fn<LoadContactOptions['fetch']>(async () =>
      json({ title: 'About', phone: '0163', email: 'a@b.example', location: 'Orpington' }),
    );
    const cache = new MemoryCache();
    const first = await loadContact('about-contact', options(fetch, cache));
    const second = await loadContact('about-contact', options(fetch, cache));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/content/about-contact.json');
    expect(second).toEqual(first);
    expect(first.title).toBe('About');
  });

  it('caches per file', async () => {
    const fetch = vi.fn<LoadContactOptions['fetch']>(async (url) => json({ title: url }));
    const cache = new MemoryCache();
    await loadContact('a', options(fetch, cache));
    await loadContact('b', options(fetch, cache));
    await loadContact('a', options(fetch, cache));
    expect(fetch.mock.calls.map((call) => call[0])).toEqual(['/content/a.json', '/content/b.json']);
  });

  it('Try Again (fresh) asks the server even with a cached copy', async () => {
    const fetch = vi.fn<LoadContactOptions['fetch']>(async () => json({ title: 'x' }));
    const cache = new MemoryCache();
    await loadContact('a', options(fetch, cache));
    await loadContact('a', { ...options(fetch, cache), fresh: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('times out after 5000 ms with the timeout failure', async () => {
    const fetch = vi.fn<LoadContactOptions['fetch']>(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    );
    const pending = loadContact('a', options(fetch));
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetch.mock.calls[0]![1].signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ContactLoadError);
    expect((error as ContactLoadError).failure).toBe('timeout');
  });

  it.each([
    ['an HTTP 500', async () => json({ title: 'x' }, 500)],
    ['malformed JSON', async () => json('{"title": ')],
    ['JSON that is not an object', async () => json('"just a string"')],
    ['a network error', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s is the other failure, and nothing is cached', async (_name, respond) => {
    const cache = new MemoryCache();
    const error = await loadContact(
      'a',
      options(vi.fn<LoadContactOptions['fetch']>(respond), cache),
    ).catch((caught: unknown) => caught);
    expect((error as ContactLoadError).failure).toBe('failed');
    expect(cache.items.size).toBe(0);
  });

  it('works when storage is blocked', async () => {
    const blocked: ContactCache = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    await expect(
      loadContact(
        'a',
        options(async () => json({ title: 'ok' }), blocked),
      ),
    ).resolves.toMatchObject({ title: 'ok' });
  });
});
