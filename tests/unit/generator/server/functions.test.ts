// The local server serves Netlify Functions as Netlify does: each module of netlify/functions/ at
// its config.path, `:name` parts as context.params, a real Request in and its Response written
// back; a function that fails is answered 500 in words, and the server carries on.
import { readdirSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../../../src/generator/server/create-server.ts';
import {
  FUNCTIONS_PREFIX,
  functionRoutes,
  PROJECT_FUNCTIONS,
  type FunctionModule,
} from '../../../../src/generator/server/functions.ts';
import {
  deployUrl,
  PROPOSALS_API,
  proposalUrl,
  publishUrl,
  scheduleUrl,
  withdrawUrl,
} from '../../../../src/kernel/wire/proposal-paths.ts';
import {
  close,
  createFixture,
  listen,
  silentLogger,
  type Fixture,
} from '../../../support/server-site.ts';
import { PROJECT_ROOT } from '../../../support/sites.ts';

const echo: FunctionModule = {
  default: async (req, context) =>
    Response.json(
      {
        method: req.method,
        url: req.url,
        params: context.params,
        body: await req.text(),
        token: req.headers.get('authorization'),
      },
      { status: 202, headers: { 'cache-control': 'no-store', 'x-echo': 'yes' } },
    ),
  config: { path: '/api/things/:id/publish' },
};
const failing: FunctionModule = {
  default: () => {
    throw new Error('The function broke');
  },
  config: { path: ['/api/broken', '/api/broken/*'] },
};

let fixture: Fixture;
let server: Server;
let origin: string;
const logged: string[] = [];
beforeAll(async () => {
  fixture = createFixture();
  server = await createSiteServer({
    root: fixture.root,
    netlifyToml: fixture.netlifyToml,
    logger: silentLogger,
    functions: functionRoutes({
      modules: { echo: async () => echo, failing: async () => failing },
      logger: { error: (message) => logged.push(message) },
    }),
  });
  origin = `http://127.0.0.1:${await listen(server)}`;
});
afterAll(async () => {
  await close(server);
  fixture.cleanup();
});

describe('a function at its config.path', () => {
  it("gets a real Request and the path's params, and its Response is sent as it is", async () => {
    const response = await fetch(`${origin}/api/things/page%2042/publish?x=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer abc' },
      body: '{"a":1}',
    });
    expect(response.status).toBe(202);
    expect(response.headers.get('x-echo')).toBe('yes');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      method: 'POST',
      url: `${origin}/api/things/page%2042/publish?x=1`,
      params: { id: 'page 42' },
      body: '{"a":1}',
      token: 'Bearer abc',
    });
  });

  it('answers 500 in words when the function fails, and carries on', async () => {
    const response = await fetch(`${origin}/api/broken/now`);
    expect(response.status).toBe(500);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({
      error: { code: 'server-fault', title: 'Something went wrong on the server' },
    });
    expect(logged.join('\n')).toContain('The function broke');
    expect((await fetch(`${origin}/api/things/1/publish`)).status).toBe(202);
  });

  it('leaves other addresses to the site', async () => {
    expect((await fetch(`${origin}/api/nothing-here`)).status).toBe(404);
    expect((await fetch(`${origin}/`)).status).toBe(200);
  });
});

describe("the project's functions", () => {
  it("are every module of netlify/functions/, answering under /api/ at the API's own addresses", async () => {
    const files = readdirSync(path.join(PROJECT_ROOT, 'netlify/functions')).map((name) =>
      name.replace(/\.m?ts$/, ''),
    );
    expect(Object.keys(PROJECT_FUNCTIONS).sort()).toEqual(files.sort());
    const { config } = await PROJECT_FUNCTIONS.proposals!();
    for (const address of [config!.path!].flat())
      expect(address.startsWith(FUNCTIONS_PREFIX)).toBe(true);
    expect(config!.path).toEqual(
      [
        PROPOSALS_API,
        proposalUrl(':id'),
        publishUrl(':id'),
        withdrawUrl(':id'),
        scheduleUrl(':id'),
        deployUrl(':commit'),
      ].map((address) => address.replace(/%3A(id|commit)/, ':$1')),
    );
  });
});
