// The one way a function routes a request: the path as Netlify matches it, then the method, then
// the setup and the caller, every refusal in words.
import { describe, expect, it, vi } from 'vitest';
import { routeHandler, routePaths, type Route } from '../../../src/functions/routes.ts';
import { json } from '../../../src/functions/http.ts';
import { ApiErrorSchema } from '../../../src/kernel/wire/proposals.ts';

interface Setup {
  verify: (token: string) => Promise<never>;
}

const admin = { uid: 'u1', admin: true, email: 'owner@ardent.example' } as never;
const routes: Route<Setup>[] = [
  {
    method: 'GET',
    path: '/api/things',
    admin: true,
    answer: async ({ caller }) => json(200, { who: caller.email }),
  },
  {
    method: 'POST',
    path: '/api/things/:id/publish',
    admin: true,
    answer: async ({ params }) => json(200, { id: params.id }),
  },
  {
    method: 'DELETE',
    path: '/api/things/:id/publish',
    admin: true,
    answer: async () => json(200, {}),
  },
  {
    method: 'GET',
    path: '/api/things/:id/public',
    admin: false,
    answer: async ({ params }) => json(200, { id: params.id }),
  },
];

function handler() {
  const setup = vi.fn<() => Setup>(() => ({
    verify: async (token: string) =>
      (token === 'good'
        ? admin
        : Promise.reject(
            Object.assign(new Error('bad'), { code: 'auth/argument-error' }),
          )) as never,
  }));
  return { setup, handle: routeHandler(routes, setup, { log: () => {} }) };
}
const call = (method: string, path: string, token = 'good') =>
  new Request(`https://ardent.example${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
const errorOf = async (response: Response) => ApiErrorSchema.parse(await response.json()).error;

describe('routeHandler', () => {
  it("answers the route whose path and method match, with the path's parts decoded and the admin caller", async () => {
    const { handle } = handler();
    expect(await (await handle(call('GET', '/api/things'))).json()).toEqual({
      who: 'owner@ardent.example',
    });
    expect(await (await handle(call('POST', '/api/things/a%20b/publish/'))).json()).toEqual({
      id: 'a b',
    });
  });

  it('answers 404 in words for a path no route has, before any setup', async () => {
    const { handle, setup } = handler();
    const response = await handle(call('GET', '/api/things/x/other'));
    expect(response.status).toBe(404);
    expect((await errorOf(response)).message).toBe('The API has no such address.');
    expect(setup).not.toHaveBeenCalled();
  });

  it("answers 405 in words, with Allow listing the path's methods, before any setup", async () => {
    const { handle, setup } = handler();
    const response = await handle(call('PATCH', '/api/things/x/publish'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, DELETE');
    expect((await errorOf(response)).message).toBe('PATCH is not used here; POST, DELETE is.');
    expect(setup).not.toHaveBeenCalled();
  });

  it('checks the caller on an admin route (401 in words), and not on a public one', async () => {
    const { handle } = handler();
    const refused = await handle(call('GET', '/api/things', 'forged'));
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).code).toBe('signed-out');
    expect((await handle(call('GET', '/api/things/x/public', 'forged'))).status).toBe(200);
  });

  it("lists each path once, in order, for the entry's config.path", () => {
    expect(routePaths(routes)).toEqual([
      '/api/things',
      '/api/things/:id/publish',
      '/api/things/:id/public',
    ]);
  });
});
