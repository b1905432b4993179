// A function's routes: each a method and a path (one of its entry's `config.path`), whether it
// needs the admin role, and what answers it. The one way the functions route a request: the path
// matched as Netlify matches it (404 in words when none does), then the method (405 in words, with
// Allow, when the path is known but the method is not), then the setup made (503 in words when a
// setting is missing), the caller checked, and the answer or its failure given in words (http.ts).
import { matchRoute, routePattern } from '../kernel/wire/route-pattern.ts';
import { adminCaller, type Caller, type VerifyToken } from './auth.ts';
import { answering, failure, type ApiFailure } from './http.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RouteCall<S> {
  req: Request;
  url: URL;
  /** The path's `:name` parts, decoded. */
  params: Readonly<Record<string, string>>;
  setup: S;
}

export type Route<S> =
  | {
      method: Method;
      path: string;
      admin: true;
      answer(call: RouteCall<S> & { caller: Caller }): Promise<Response>;
    }
  | { method: Method; path: string; admin: false; answer(call: RouteCall<S>): Promise<Response> };

export interface RouteOptions {
  log?: (message: string) => void;
  /** The catalogue's failures in this API's words. */
  words?: Parameters<ApiFailure['reworded']>[0];
}

/** The paths the routes answer at, in order: what the entry's `config.path` must list. */
export const routePaths = (routes: readonly Route<never>[]): string[] => [
  ...new Set(routes.map((route) => route.path)),
];

/**
 * The function's handler: `setup` is made for each request that reaches a route (so that a missing
 * setting is answered 503 in words, not a crash at load), from the handler's further arguments.
 */
export function routeHandler<S extends { verify: VerifyToken }, A extends unknown[] = []>(
  routes: readonly Route<S>[],
  setup: (...args: A) => S | Promise<S>,
  options: RouteOptions = {},
) {
  const compiled = routes.map((route) => ({ route, pattern: routePattern(route.path) }));
  return (req: Request, ...args: A): Promise<Response> =>
    answering(
      req,
      async () => {
        const url = new URL(req.url);
        const atPath = compiled.flatMap(({ route, pattern }) => {
          const params = matchRoute(pattern, url.pathname);
          return params ? [{ route, params }] : [];
        });
        if (atPath.length === 0) throw failure('not-found');
        const chosen = atPath.find(({ route }) => route.method === req.method);
        if (!chosen) {
          const allowed = [...new Set(atPath.map(({ route }) => route.method))].join(', ');
          throw failure('method-not-allowed', req.method, allowed).with({}, { allow: allowed });
        }
        const made = await setup(...args);
        const call = { req, url, params: chosen.params, setup: made };
        const { route } = chosen;
        return route.admin
          ? route.answer({ ...call, caller: await adminCaller(req, made.verify) })
          : route.answer(call);
      },
      options,
    );
}
