// The small answers of the local server (create-server.ts) that are not a file: plain text, a
// redirect's Location, and the header rules carried over onto a page sent with another status.
// Apart from the request handling so that file reads as the order in which Netlify tries things.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The rule headers already set on `res` by `handle`, so page responses keep them. */
export function ruleHeadersOf(res: ServerResponse): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * A Location on this site: one leading slash, however many the request had (`//about.html`), so
 * that no browser reads it as another host (`//about`, `/\about`).
 */
export const onThisOrigin = (path: string) => path.replace(/^[/\\]+/, '/');

export function sendText(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  text: string,
): void {
  const body = Buffer.from(`${text}\n`, 'utf8');
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': body.length,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Redirect target with the request's query string carried over (as Netlify
 * does); parameters in the rule's `to` take precedence.
 */
export function withRequestQuery(to: string, query: string): string {
  if (!query) return to;
  const url = new URL(to, 'http://localhost');
  const params = new URLSearchParams(query);
  for (const [key, value] of url.searchParams) params.set(key, value);
  url.search = params.toString();
  return /^https?:\/\//i.test(to) ? url.href : `${url.pathname}${url.search}${url.hash}`;
}
