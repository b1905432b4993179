// The local server answers only to its own host names. A page on another site can point its own
// name at 127.0.0.1 (DNS rebinding); the browser then sends that page's requests to this server as
// its own origin, with `Host: <that name>`, and could read the enquiries, publish or reach the
// emulators. So every request whose Host names anything else is refused before anything else
// happens (create-server.ts), as Vite (`server.allowedHosts`) and webpack-dev-server do.
//
// Host names are compared as a browser compares them: the header is read by WHATWG URL, the
// parser browsers use (lower case, IPv6 in its shortest form, international names in punycode),
// then without its port and one trailing dot. host-validation-middleware, Vite's own check, was
// not used: it lets every IP address and every *.localhost name through and compares names case
// by case, where this server answers to its own names only (docs/accounts-and-media.md, "Locally:
// the site answers only to its own names").
import { isIP } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Always allowed: names no other site can point at this machine. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** The flag that allows another name. */
export const ALLOWED_HOST_FLAG = '--allowed-host';

// RFC 9110's Host, `uri-host [ ":" port ]`: nothing URL would read as user, path, query or fragment.
const HOST_AND_PORT = /^(?:\[[0-9a-f:.]+\]|[^\s/\\?#@[\]:]+)(?::\d*)?$/i;

/**
 * The host name a Host header, `--host` or `--allowed-host` value names, as a browser reads it:
 * `LOCALHOST.:8080` is `localhost`, `[0:0::1]` and `::1` are `[::1]`. Null when it is not a host
 * name with an optional port.
 */
export function hostName(value: string): string | null {
  const text = value.trim();
  const authority = isIP(text) === 6 ? `[${text}]` : text;
  if (!HOST_AND_PORT.test(authority)) return null;
  try {
    return new URL(`http://${authority}`).hostname.replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

export class AllowedHostError extends Error {
  override name = 'AllowedHostError';
}

/** The names a server answers to: the loopback ones and `extra` (its --host and each --allowed-host). */
export function allowedHostNames(extra: readonly string[] = []): ReadonlySet<string> {
  const names = new Set(LOOPBACK_HOSTS);
  for (const value of extra) {
    const name = hostName(value);
    if (name === null)
      throw new AllowedHostError(
        `"${value}" is not a host name (${ALLOWED_HOST_FLAG} takes a name such as my-laptop.local, or an address).`,
      );
    names.add(name);
  }
  return names;
}

/**
 * Whether the request's Host is one of `allowed`. A request without one (HTTP/1.0), or with an
 * empty one, is let through: no browser sends such a request, so no other site's page can, and a
 * program on this machine could send any Host it liked.
 */
export function isHostAllowed(header: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (!header) return true;
  const name = hostName(header);
  return name !== null && allowed.has(name);
}

/** The refusal's one line: why, and the flag that allows the name. */
export function refusalText(header: string): string {
  const name = hostName(header);
  const why = `this local server answers only to localhost, 127.0.0.1, [::1] and the names given with --host or ${ALLOWED_HOST_FLAG}, so that no other site's page can reach it (DNS rebinding)`;
  return name === null
    ? `Blocked request: the Host header is not a host name, and ${why}.`
    : `Blocked request: "${name}" is not one of this server's names; ${why}. To allow it, start the server with ${ALLOWED_HOST_FLAG} ${name}.`;
}

/**
 * The refusal: 403, the one line as plain text (nothing in it is markup, so nothing needs
 * escaping), never cached. The request's body is not read, so the connection is not kept.
 */
export function refuseHost(req: IncomingMessage, res: ServerResponse): void {
  const body = Buffer.from(`${refusalText(req.headers.host ?? '')}\n`, 'utf8');
  res.writeHead(403, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': body.length,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(req.complete ? {} : { connection: 'close' }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
