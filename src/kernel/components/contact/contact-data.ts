/**
 * The smart contact section's data and state machine: the contact file for the page's path, fetched
 * with a 5 s timeout and cached for the session, loading, loaded or error with Try Again. Browser-safe and
 * free of React, so it is unit-tested on its own and shared by the server render and the island.
 */
import { contactDataPath } from '../../wire/contact-files.ts';
import type { KeyValueStore } from '../session-storage.ts';

/** The contact fetch gives up after this long. */
export const CONTACT_TIMEOUT_MS = 5000;
/** What the section says when the contact details cannot be loaded, and what it shows instead. */
export const NOT_AVAILABLE = 'Not available';
export const CONTACT_ERROR_MESSAGES = {
  timeout: 'The request took too long. Please check your connection and try again.',
  failed: 'Unable to load contact information. Please try again later.',
} as const;
export const FALLBACK_HEADING = 'Get in Touch';
export const FALLBACK_SUBTITLE = 'Contact our friendly team for professional services';

export type ContactFailure = keyof typeof CONTACT_ERROR_MESSAGES;

/** What the section shows: null phone or email reads 'Not available'. */
export interface ContactView {
  title: string;
  subtitle: string;
  phone: string | null;
  email: string | null;
  location: string;
}

export type ContactState =
  | { status: 'loaded'; details: ContactView }
  | { status: 'loading' }
  | { status: 'error'; failure: ContactFailure };

export type ContactEvent =
  | { type: 'retry' }
  | { type: 'resolved'; details: ContactView }
  | { type: 'rejected'; failure: ContactFailure };

/** loading → loaded | error; Try Again (from error only) → loading. */
export function contactTransition(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'retry':
      return state.status === 'error' ? { status: 'loading' } : state;
    case 'resolved':
      return { status: 'loaded', details: event.details };
  }
  // Only 'rejected' is left: tsc narrows the event to it, so a new kind fails the typecheck here.
  return { status: 'error', failure: event.failure };
}

export class ContactLoadError extends Error {
  constructor(
    readonly failure: ContactFailure,
    options?: { cause?: unknown },
  ) {
    super(CONTACT_ERROR_MESSAGES[failure], options);
    this.name = 'ContactLoadError';
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/**
 * Reads a /content/{file}.json response, flat (phone, email) or nested (contact.phone,
 * contact.email). Anything that is not an object is malformed: null.
 */
export function readContactDetails(
  json: unknown,
  defaults: { title: string; location: string },
): ContactView | null {
  const data = record(json);
  if (!data) return null;
  const nested = record(data.contact);
  return {
    title: text(data.title) ?? defaults.title,
    subtitle: text(data.subtitle) ?? '',
    phone: text(data.phone) ?? text(nested?.phone) ?? null,
    email: text(data.email) ?? text(nested?.email) ?? null,
    location: text(data.location) ?? defaults.location,
  };
}

/** The session cache: one entry per file, kept for the browser session (sessionStorage). */
export type ContactCache = KeyValueStore;

const cacheKey = (file: string) => `ardent:contact:${file}`;

export interface LoadContactOptions {
  fetch: (
    url: string,
    init: { signal: AbortSignal; headers: Record<string, string> },
  ) => Promise<Response>;
  cache: ContactCache | null;
  defaults: { title: string; location: string };
  timeoutMs?: number;
  /** Skip the cache: Try Again asks the server again. */
  fresh?: boolean;
}

/**
 * GET /content/{file}.json with a timeout, answered from the session cache when it can be.
 * Throws ContactLoadError('timeout') when the server is too slow, ContactLoadError('failed')
 * for every other failure: network, HTTP status, malformed JSON.
 */
export async function loadContact(file: string, options: LoadContactOptions): Promise<ContactView> {
  if (!options.fresh) {
    const cached = readCache(options.cache, file, options.defaults);
    if (cached) return cached;
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? CONTACT_TIMEOUT_MS);
  try {
    const response = await options.fetch(`/${contactDataPath(encodeURIComponent(file))}`, {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = await response.text();
    const details = readContactDetails(JSON.parse(body), options.defaults);
    if (!details) throw new Error('The response is not a contact-details object');
    writeCache(options.cache, file, body);
    return details;
  } catch (error) {
    throw new ContactLoadError(timedOut ? 'timeout' : 'failed', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

function readCache(
  cache: ContactCache | null,
  file: string,
  defaults: LoadContactOptions['defaults'],
): ContactView | null {
  try {
    const stored = cache?.getItem(cacheKey(file));
    return stored ? readContactDetails(JSON.parse(stored), defaults) : null;
  } catch {
    return null; // storage blocked or a corrupt entry: ask the server
  }
}

function writeCache(cache: ContactCache | null, file: string, body: string): void {
  try {
    cache?.setItem(cacheKey(file), body);
  } catch {
    // Storage full or blocked (private modes): the section still works, it just asks again.
  }
}

/** What the contact section is rendered with, by the build and again when it hydrates. */
export interface ContactSectionProps {
  /** The contact file for this path, /content/{file}.json. */
  file: string;
  /** The file's details as the build resolved them: the loaded state the visitor sees first. */
  details: ContactView;
  /** What the error state shows: the business's own phone, email and area. */
  fallback: Pick<ContactView, 'phone' | 'email' | 'location'>;
  /** In the browser only: the first load, already started by boot (src/kernel/components/contact/contact-first-load.ts). */
  firstLoad?: Promise<ContactView>;
}
