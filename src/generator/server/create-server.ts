// A local HTTP server that serves a built site the way Netlify serves it:
// pretty URLs (one URL per page, resolve-file.ts), netlify.toml/_headers header rules on every response (404 and
// 500 included), redirects with shadowing, 404.html and 500.html pages, form posts (netlify-forms.ts)
// and the project's Netlify Functions at their paths (functions.ts). It answers only to its own
// host names (allowed-hosts.ts): any other Host is refused before anything else, for every path.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { realpath } from 'node:fs/promises';
import { allowedHostNames, hostName, isHostAllowed, refuseHost } from './allowed-hosts.ts';
import { isBotUserAgent } from './bot-user-agent.ts';
import type { FunctionRoutes } from './functions.ts';
import {
  declaredForms,
  formPostOutcome,
  FormTooLargeError,
  readFormPost,
  storeSubmission,
  type FormDeclaration,
} from './netlify-forms.ts';
import { headersForPath, matchRedirect, type RedirectMatch } from './netlify-rules.ts';
import { decodeRequestPath, resolveFile, resolveRequest } from './resolve-file.ts';
import { createRulesLoader } from './rules-loader.ts';
import { sendFile } from './send-file.ts';
import { onThisOrigin, ruleHeadersOf, sendText, withRequestQuery } from './plain-responses.ts';

export interface SiteServerLogger {
  info(msg: string): void;
  error(msg: string): void;
}

export interface SiteServerOptions {
  /** Publish dir (e.g. dist). Must exist. */
  root: string;
  /** Path to netlify.toml; a missing file means no rules. */
  netlifyToml: string;
  /** Defaults to errors on console.error and no request log. */
  logger?: SiteServerLogger;
  /** Applied to every HTML body served (pages, 404.html, 500.html). */
  transformHtml?: (html: string) => string;
  /** Runs first, for any method; return true when it handled the request (e.g. dev-server /__dev endpoints). */
  extraRoutes?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  /** The Netlify Functions (functions.ts), tried next: true when one answered. */
  functions?: FunctionRoutes;
  /** Decoded request paths that throw, so tests can exercise the 500 handling deterministically. */
  failPaths?: readonly string[];
  /**
   * Netlify Forms (netlify-forms.ts): a form post is taken as Netlify takes it, and each submission
   * kept as one JSON line in `<formsDir>/<form>.jsonl`. Without it, a POST is answered 405.
   */
  formsDir?: string;
  /**
   * The host names it answers to besides localhost, 127.0.0.1 and [::1]: the name it listens on
   * (--host) and each --allowed-host. Any other Host is answered 403 (allowed-hosts.ts).
   */
  allowedHosts?: readonly string[];
}

// Netlify sends this when no rule sets Cache-Control.
const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

const defaultLogger: SiteServerLogger = { info: () => {}, error: (msg) => console.error(msg) };

/** Creates (does not start) the server. Rejects if root is missing or the Netlify rules are invalid. */
export async function createSiteServer(options: SiteServerOptions): Promise<Server> {
  const logger = options.logger ?? defaultLogger;
  const allowed = allowedHostNames(options.allowedHosts);
  // Each refused name is said once in the server's log, with the flag that allows it.
  const refusedNames = new Set<string>();
  const realRoot = await realpath(options.root);
  const rules = await createRulesLoader(
    { netlifyToml: options.netlifyToml, publishDir: realRoot },
    (error) =>
      logger.error(
        `Keeping previous Netlify rules: ${error instanceof Error ? error.message : String(error)}`,
      ),
  );

  /** Serves a page from the root (404.html, 500.html) with a status, or plain text if it is missing. */
  async function sendPage(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    page: string,
    text: string,
  ) {
    const file = await resolveFile(realRoot, `/${page}`);
    if (!file) return sendText(req, res, status, text);
    await sendFile(req, res, file, {
      status,
      headers: ruleHeadersOf(res),
      transformHtml: options.transformHtml,
    });
  }

  async function applyRedirect(
    req: IncomingMessage,
    res: ServerResponse,
    match: RedirectMatch,
    query: string,
  ) {
    if (match.force404) return sendPage(req, res, 404, '404.html', 'Not Found');
    const external = /^https?:\/\//i.test(match.to);
    if (match.status >= 300 && match.status < 400) {
      const location = withRequestQuery(external ? match.to : onThisOrigin(match.to), query);
      res.setHeader('location', location);
      return sendText(req, res, match.status, `Redirecting to ${location}`);
    }
    if (external) {
      logger.error(`Proxy rule ${match.from} -> ${match.to} is not supported by the local server`);
      return sendText(req, res, 502, 'Proxy rules are not supported by the local server');
    }
    // Rewrite (200, or 404/410/... with a custom page): serve `to` under the rule's status.
    const targetPath = decodeRequestPath(new URL(match.to, 'http://localhost').pathname);
    const target = targetPath === null ? null : await resolveFile(realRoot, targetPath);
    if (!target) return sendPage(req, res, 404, '404.html', 'Not Found');
    await sendFile(req, res, target, {
      status: match.status,
      headers: ruleHeadersOf(res),
      transformHtml: options.transformHtml,
    });
  }

  /**
   * A form post, as Netlify answers it: a form no built page declares is 404; otherwise the form's
   * action page (the thank-you page) or, without one, a line of thanks, whether the submission was
   * kept or, its honeypot filled, dropped. False when the post is not a form submission.
   */
  async function takeFormPost(
    req: IncomingMessage,
    res: ServerResponse,
    formsDir: string,
  ): Promise<boolean> {
    let body: URLSearchParams | null;
    try {
      body = await readFormPost(req);
    } catch (error) {
      if (!(error instanceof FormTooLargeError)) throw error;
      sendText(req, res, 413, error.message);
      return true;
    }
    if (!body) return false;
    const outcome = formPostOutcome(await declaredForms(realRoot), body);
    if (outcome.kind === 'not-a-form') return false;
    if (outcome.kind === 'unknown-form') {
      await sendPage(req, res, 404, '404.html', 'Not Found');
      return true;
    }
    if (outcome.kind === 'accepted') {
      const file = await storeSubmission(formsDir, outcome.submission);
      logger.info(
        `Form "${outcome.form.name}": submission ${outcome.submission.id} kept in ${file}`,
      );
    }
    await sendThanks(req, res, outcome.form);
    return true;
  }

  async function sendThanks(
    req: IncomingMessage,
    res: ServerResponse,
    form: FormDeclaration,
  ): Promise<void> {
    const actionPath = form.action
      ? decodeRequestPath(new URL(form.action, 'http://localhost').pathname)
      : null;
    const page = actionPath === null ? null : await resolveFile(realRoot, actionPath);
    if (!page) return sendText(req, res, 200, 'Thank you: your form was sent.');
    await sendFile(req, res, page, {
      status: 200,
      headers: ruleHeadersOf(res),
      transformHtml: options.transformHtml,
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    const [rawPath = '/', query = ''] = rawUrl.split(/\?(.*)/s, 2);
    const path = decodeRequestPath(rawUrl);
    const { headers: headerRules, matcher } = await rules.get();
    // Header rules are matched on the requested path, and set before anything
    // else so that every response below (and extraRoutes) carries them.
    const ruleHeaders: Record<string, string> = {
      'cache-control': DEFAULT_CACHE_CONTROL,
      ...headersForPath(headerRules, path ?? rawPath),
    };
    for (const [name, value] of Object.entries(ruleHeaders)) res.setHeader(name, value);

    if (options.extraRoutes && (await options.extraRoutes(req, res))) return;
    if (options.functions && (await options.functions(req, res))) return;
    if (path !== null && options.failPaths?.includes(path))
      throw new Error(`Forced failure for ${path} (failPaths)`);
    if (
      req.method === 'POST' &&
      options.formsDir &&
      (await takeFormPost(req, res, options.formsDir))
    )
      return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return sendText(req, res, 405, 'Method Not Allowed');
    }
    // Undecodable or traversing paths cannot name a file in the site.
    if (path === null) return sendPage(req, res, 404, '404.html', 'Not Found');

    const resolved = await resolveRequest(realRoot, path);
    const host = (req.headers.host ?? 'localhost').replace(/:\d+$/, '');
    const match = matchRedirect(matcher, { path, query, host, headers: req.headers });
    // Shadowing: an existing page or file wins over a rule unless the rule is forced.
    if (match && (!resolved || match.force)) return applyRedirect(req, res, match, query);
    if (resolved && 'redirect' in resolved) {
      // Pretty URLs: another form of a page's URL (/about/, /about.html) goes to the page's one URL.
      const location = `${encodeURI(onThisOrigin(resolved.redirect))}${query ? `?${query}` : ''}`;
      res.setHeader('location', location);
      return sendText(req, res, 301, `Redirecting to ${location}`);
    }
    if (resolved) {
      await sendFile(req, res, resolved.file, {
        status: 200,
        headers: ruleHeaders,
        transformHtml: options.transformHtml,
      });
      return;
    }
    await sendPage(req, res, 404, '404.html', 'Not Found');
  }

  async function handleError(
    req: IncomingMessage,
    res: ServerResponse,
    error: unknown,
  ): Promise<void> {
    logger.error(
      `500 ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    if (res.headersSent) {
      res.destroy();
      return;
    }
    try {
      if (isBotUserAgent(req.headers['user-agent']))
        return sendText(req, res, 500, 'Internal Server Error');
      await sendPage(req, res, 500, '500.html', 'Internal Server Error');
    } catch (pageError) {
      logger.error(`500.html could not be served: ${String(pageError)}`);
      if (!res.headersSent) sendText(req, res, 500, 'Internal Server Error');
      else res.destroy();
    }
  }

  return createServer((req, res) => {
    const started = Date.now();
    res.on('finish', () =>
      logger.info(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`),
    );
    // Before anything else: pages, /api/, the emulators' paths and form posts alike.
    if (!isHostAllowed(req.headers.host, allowed)) {
      const name = hostName(req.headers.host ?? '');
      const what = name === null ? 'a malformed Host header' : `the host "${name}"`;
      if (refusedNames.size < 20 && !refusedNames.has(what)) {
        refusedNames.add(what);
        logger.error(
          `Refused requests for ${what} (403): this server answers only to ${[...allowed].join(', ')}. --allowed-host <name> adds a name.`,
        );
      }
      return refuseHost(req, res);
    }
    handle(req, res).catch((error: unknown) => handleError(req, res, error));
  });
}
