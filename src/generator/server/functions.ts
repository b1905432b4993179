// Netlify Functions in the local server, as Netlify serves them (netlify-cli needs Node 22): each
// module of netlify/functions/ answers at the paths its `config.path` gives (`:name` parts become
// `context.params`), with a real Request made from the incoming request and its Response written
// back (status, headers, body). A function that fails is answered 500 in words, as JSON; the
// server carries on. The modules are imported when a request under /api/ first comes (the
// project's functions all answer there): the same modules Netlify runs.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Config, Context } from '@netlify/functions';
import { API_ERRORS } from '../../kernel/errors/api-errors.ts';
import { ProposalAnswerSchema, type Proposal } from '../../kernel/wire/proposals.ts';
import { matchRoute, routePattern, type RoutePattern } from '../../kernel/wire/route-pattern.ts';

export interface FunctionModule {
  default: (req: Request, context: Context) => Response | Promise<Response>;
  config?: Config;
}

/**
 * Every function of netlify/functions/, by name: imported by a literal path, so that the generator's
 * bundle carries them. Those with a `config.path` answer requests; the one with a `config.schedule`
 * runs on its timer (schedule.ts).
 */
export const PROJECT_FUNCTIONS: Readonly<Record<string, () => Promise<FunctionModule>>> = {
  proposals: () => import('../../../netlify/functions/proposals.mts'),
  history: () => import('../../../netlify/functions/history.mts'),
  enquiries: () => import('../../../netlify/functions/enquiries.mts'),
  'publish-scheduled': () => import('../../../netlify/functions/publish-scheduled.mts'),
};

/** Where the project's functions answer (their `config.path`): no other request loads them. */
export const FUNCTIONS_PREFIX = '/api/';

export interface FunctionRoutesOptions {
  /** The functions; the project's by default. */
  modules?: Readonly<Record<string, () => Promise<FunctionModule>>>;
  logger?: { error(message: string): void };
  /** Told when a proposal was published locally: its file is now committed on the checked-out branch. */
  onPublished?(proposal: Proposal): void;
  /** Requests wait for this (the local sign-in service starting, which the functions check tokens with). */
  ready?: Promise<unknown>;
  /**
   * Settings only this server knows (the local Storage emulator's address), given to the functions
   * as Netlify gives a deployed function its environment: set in this process's, which they run in
   * and read theirs from, before a request is answered.
   */
  env?: Promise<Readonly<Record<string, string>>>;
}

export type FunctionRoutes = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

interface Route extends RoutePattern {
  name: string;
  load: () => Promise<FunctionModule>;
}

export function functionRoutes(options: FunctionRoutesOptions = {}): FunctionRoutes {
  const modules = options.modules ?? PROJECT_FUNCTIONS;
  const logger = options.logger ?? console;
  let routes: Promise<Route[]> | undefined;
  const loadRoutes = async () =>
    (
      await Promise.all(
        Object.entries(modules).map(async ([name, load]) => {
          const paths = (await load()).config?.path ?? [];
          return [paths].flat().map((path) => ({ name, load, ...routePattern(path) }));
        }),
      )
    ).flat();

  return async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    if (!url.pathname.startsWith(FUNCTIONS_PREFIX)) return false;
    try {
      routes ??= loadRoutes();
      let params: Record<string, string> | undefined;
      const route = (await routes).find(
        (candidate) => (params = matchRoute(candidate, url.pathname)) !== undefined,
      );
      if (!route) return false;
      await givenEnvironment(options);
      const request = requestOf(req, url);
      const response = await (
        await route.load()
      ).default(
        request,
        contextOf({
          url,
          params: params!,
          cookie: req.headers.cookie ?? '',
          ip: req.socket.remoteAddress ?? '127.0.0.1',
        }),
      );
      const body = Buffer.from(await response.arrayBuffer());
      res.statusCode = response.status;
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') res.setHeader(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) res.setHeader('set-cookie', cookies);
      res.setHeader('content-length', body.length);
      // A function that answered before reading the whole body (413): the rest is not read, and the connection not kept.
      if (!req.complete) res.setHeader('connection', 'close');
      res.end(req.method === 'HEAD' ? undefined : body);
      if (req.method === 'POST' && response.status === 200 && url.pathname.endsWith('/publish'))
        notePublished([ProposalAnswerSchema.safeParse(parsedBody(body)).data?.proposal], options);
    } catch (error) {
      routes = undefined;
      logger.error(
        `500 ${req.method} ${url.pathname}: the function failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (res.headersSent) res.destroy();
      else answerFault(res);
    }
    return true;
  };
}

/** The incoming request as the web's Request: its method, full URL, headers and body (streamed). */
function requestOf(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    for (const one of [value ?? []].flat()) headers.append(name, one);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  });
}

/**
 * Once the local services are up, the settings only this server knows, in this process's
 * environment, where the functions read theirs. A service that failed to start is for the function
 * to report, in its words.
 */
export async function givenEnvironment(
  options: Pick<FunctionRoutesOptions, 'ready' | 'env'>,
): Promise<void> {
  await options.ready?.catch(() => {});
  Object.assign(process.env, await options.env?.catch(() => ({})));
}

/** Netlify's Context, as far as a local run has one: the path's params, the URL, the site, a request id. */
export function contextOf({
  url,
  params,
  cookie,
  ip,
}: {
  url: URL;
  params: Record<string, string>;
  cookie: string;
  ip: string;
}): Context {
  const unsupported = (what: string) => () => {
    throw new Error(`${what} is not available in the local server.`);
  };
  return {
    account: { id: 'local' },
    cookies: {
      get: (name: string) =>
        decodeURIComponent(
          new RegExp(`(?:^|;\\s*)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=([^;]*)`).exec(
            cookie,
          )?.[1] ?? '',
        ),
      set: unsupported('context.cookies.set'),
      delete: unsupported('context.cookies.delete'),
    },
    deploy: { context: 'dev', id: 'local', published: false },
    geo: {},
    ip,
    json: (input: unknown) => Response.json(input),
    log: (...data: unknown[]) => console.log(...data),
    next: unsupported('context.next()'),
    params,
    rewrite: unsupported('context.rewrite()'),
    requestId: randomUUID(),
    server: { region: 'local' },
    site: { id: 'local', name: 'local', url: url.origin },
    url,
    waitUntil: (promise: Promise<unknown>) =>
      void promise.catch((error: unknown) =>
        console.error(`A function's waitUntil promise failed: ${String(error)}`),
      ),
  };
}

/** A function's answer read as JSON; undefined when it is not. */
export function parsedBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Tells the server of the changes published locally (an answer that is not a proposal's published nothing). */
export function notePublished(
  proposals: readonly (Proposal | undefined)[],
  options: Pick<FunctionRoutesOptions, 'onPublished'>,
): void {
  for (const proposal of proposals)
    if (proposal?.local && proposal.state === 'published') options.onPublished?.(proposal);
}

function answerFault(res: ServerResponse): void {
  const { title, message, hint } = API_ERRORS['server-fault'];
  const body = Buffer.from(
    `${JSON.stringify({ error: { code: 'server-fault', title, message, hint } })}\n`,
  );
  res.writeHead(500, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': body.length,
  });
  res.end(body);
}
