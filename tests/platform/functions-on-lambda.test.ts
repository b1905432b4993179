// The functions as the platform runs them, not as `npm start` does: bundled by `npm run
// build:functions`, packed by Netlify's own bundler with netlify.toml's settings, and each started
// in a fresh Node 24 process with the flags AWS Lambda starts Node with (no require() of ES
// modules), then called as Netlify's proxy calls them. Beside them, the same requests to the local
// server's in-process functions: the two must route and answer alike. The scheduled function has no
// path: it is packed with its schedule, and called as Netlify calls it on that schedule.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFunctions } from '../../src/generator/bundle/functions.ts';
import { PROJECT_FUNCTIONS } from '../../src/generator/server/functions.ts';
import { ENQUIRIES_ROUTES } from '../../src/functions/enquiries/handler.ts';
import { HISTORY_ROUTES } from '../../src/functions/history/handler.ts';
import { PROPOSALS_ROUTES } from '../../src/functions/proposals/handler.ts';
import { routePaths, type Route } from '../../src/functions/routes.ts';
import { ApiErrorSchema } from '../../src/kernel/wire/proposals.ts';
import { ScheduleRunSchema } from '../../src/kernel/wire/schedule-run.ts';
import { startFunctionsServer, type FunctionsServer } from '../support/functions-server.ts';
import { contentRepository, type TestRepository } from '../support/git-repository.ts';
import { startLambda, type Lambda } from '../../src/generator/lambda/lambda.ts';
import { packFunctions, type PackedFunction } from '../../src/generator/lambda/pack.ts';
import { PROJECT_ROOT } from '../support/sites.ts';

const ROUTES: Record<string, readonly Route<never>[]> = {
  proposals: PROPOSALS_ROUTES,
  history: HISTORY_ROUTES,
  enquiries: ENQUIRIES_ROUTES,
};
/** A request each function answers once the caller is known: its list. */
const LIST: Record<string, string> = {
  proposals: '/api/proposals',
  history: '/api/history?path=content%2Fpages%2Fabout.md',
  enquiries: '/api/enquiries',
};
/** What each list holds for the admin: no change open, the page's one version, the enquiry written. */
const LISTED: Record<string, object> = {
  proposals: { proposals: [] },
  history: { versions: [expect.anything()] },
  enquiries: { enquiries: [{ id: 'e1' }] },
};
/** The function Netlify runs on a schedule (netlify/functions/publish-scheduled.mts), and its cron (UTC). */
const SCHEDULED = 'publish-scheduled';
const EVERY_MINUTE = '* * * * *';
/** As Netlify calls a scheduled function: a POST whose body names the next run. */
const scheduledCall = {
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ next_run: '2030-12-02T09:01:00.000Z' }),
};
/** The functions that answer requests at their paths. */
const routed = () => packed.filter((fn) => fn.name !== SCHEDULED);
const ORIGIN = 'https://ardent.example';
/** Lambda's own variables, which mark a function as deployed (src/functions/runtime.ts). */
const deployed = (name: string, dir: string) => ({
  AWS_LAMBDA_FUNCTION_NAME: name,
  LAMBDA_TASK_ROOT: dir,
  AWS_REGION: 'us-east-2',
});

let work: string;
let packed: PackedFunction[];
let local: FunctionsServer;
let repository: TestRepository;
const started: Lambda[] = [];

async function lambda(fn: PackedFunction, env: Record<string, string>): Promise<Lambda> {
  const running = await startLambda(fn.entry, env);
  started.push(running);
  return running;
}

const errorOf = (body: string) => ApiErrorSchema.parse(JSON.parse(body)).error;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ardent-platform-'));
  let repo: TestRepository;
  [, local, repo] = await Promise.all([
    bundleFunctions(PROJECT_ROOT, path.join(work, 'bundled'))
      .then(() =>
        packFunctions(PROJECT_ROOT, path.join(work, 'bundled'), path.join(work, 'packed')),
      )
      .then((result) => (packed = result)),
    startFunctionsServer('platform-functions-'),
    contentRepository(['content/pages/about.md']),
  ]);
  repository = repo;
  await writeFile(
    path.join(local.root, 'enquiry.jsonl'),
    `${JSON.stringify({ id: 'e1', form: 'enquiry', receivedAt: '2026-03-01T09:00:00.000Z', fields: { name: 'Ann', phone: '07700 900 123', email: '', postcode: 'BR6 0AA', service: 'oven-cleaning-services', message: 'Two ovens.', callback: 'Mornings' } })}\n`,
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(started.map((running) => running.stop()));
  await local?.close();
  await repository?.remove();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("packed by Netlify's bundler", () => {
  it("is every function of netlify/functions/, for Lambda's Node 24, each one file with nothing from node_modules beside it", async () => {
    expect(packed.map((fn) => fn.name).sort()).toEqual(Object.keys(PROJECT_FUNCTIONS).sort());
    for (const fn of packed) {
      expect(fn.result.runtimeVersion).toBe('nodejs24.x');
      expect(await readdir(path.dirname(fn.entry), { recursive: true })).not.toContain(
        'node_modules',
      );
    }
  });

  it("answers at the paths its routes name, as the local server does: config.path is the route table's, for every method", () => {
    expect(
      routed()
        .map((fn) => fn.name)
        .sort(),
    ).toEqual(Object.keys(ROUTES).sort());
    for (const fn of routed()) {
      const paths = routePaths(ROUTES[fn.name]!);
      // Netlify routes every method to the function; the function answers the wrong ones 405 in words.
      expect(fn.result.routes?.map((route) => [route.pattern, route.methods])).toEqual(
        paths.map((address) => [address, []]),
      );
    }
  });

  it('runs the scheduled function on its schedule, every minute in UTC, at no path', () => {
    const scheduled = packed.find((fn) => fn.name === SCHEDULED)!;
    expect(scheduled.result.schedule).toBe(EVERY_MINUTE);
    expect(scheduled.result.routes ?? []).toEqual([]);
  });
});

describe('the runner', () => {
  it('fails a function whose packages require() an ES module, as Lambda does: the chain firebase-admin had when shipped as packages', async () => {
    // Netlify's bundler as it packs a function by default: traced, with node_modules beside it.
    const [chain] = await packFunctions(
      PROJECT_ROOT,
      path.join(PROJECT_ROOT, 'tests/fixtures/functions-require-esm'),
      path.join(work, 'chain'),
      {},
    );
    expect(await readdir(path.dirname(chain!.entry))).toContain('node_modules');
    const answer = await (await lambda(chain!, {})).invoke('GET', `${ORIGIN}/api/chain`);
    expect(answer.status).toBe(500);
    expect(answer.error).toMatch(
      /require\(\) of ES Module .*\/jose\/.* from .*\/jwks-rsa\/.* not supported/,
    );
  });
});

describe('run as Lambda runs it', () => {
  it('loads, and deployed without its settings answers 503 in words', async () => {
    for (const fn of routed()) {
      const answer = await (
        await lambda(fn, deployed(fn.name, path.dirname(fn.entry)))
      ).invoke('GET', `${ORIGIN}${LIST[fn.name]}`);
      expect(answer.error, answer.error).toBeUndefined();
      expect(answer.status).toBe(503);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      const error = errorOf(answer.body);
      expect(error.code).toBe('not-set-up');
      expect(error.message).toMatch(/FIREBASE_PROJECT_ID is not set/);
    }
  });

  it('runs the schedule: deployed without its settings, it answers 503 in words; on a repository, what it published', async () => {
    const fn = packed.find((each) => each.name === SCHEDULED)!;
    const unset = await (
      await lambda(fn, deployed(fn.name, path.dirname(fn.entry)))
    ).invoke('POST', `${ORIGIN}/.netlify/functions/${SCHEDULED}`, scheduledCall);
    expect(unset.error, unset.error).toBeUndefined();
    expect(unset.status).toBe(503);
    expect(errorOf(unset.body)).toMatchObject({
      code: 'not-set-up',
      message: expect.stringContaining('GITHUB_REPOSITORY is not set'),
    });

    const ran = await (
      await lambda(fn, { PUBLISH_REPOSITORY_DIR: repository.dir })
    ).invoke('POST', `${ORIGIN}/.netlify/functions/${SCHEDULED}`, scheduledCall);
    expect(ran.status, ran.error ?? ran.body).toBe(200);
    expect(ScheduleRunSchema.parse(JSON.parse(ran.body))).toEqual({
      published: [],
      waiting: [],
      notPublished: [],
    });
  });

  it("deployed with the Auth emulator's variable, refuses every request in words", async () => {
    const fn = packed.find((each) => each.name === 'proposals')!;
    const answer = await (
      await lambda(fn, {
        ...deployed(fn.name, path.dirname(fn.entry)),
        FIREBASE_AUTH_EMULATOR_HOST: local.emulatorHost,
      })
    ).invoke('GET', `${ORIGIN}/api/proposals`, {
      headers: { authorization: `Bearer ${local.tokens.admin}` },
    });
    expect(answer.status).toBe(503);
    expect(errorOf(answer.body).message).toContain('FIREBASE_AUTH_EMULATOR_HOST');
  });

  it("pointed at the local emulators, answers 401 in words without a token and the admin's list with one", async () => {
    const env = {
      FIREBASE_AUTH_EMULATOR_HOST: local.emulatorHost,
      PUBLISH_REPOSITORY_DIR: repository.dir,
      ENQUIRIES_DIR: local.root,
    };
    for (const fn of routed()) {
      const running = await lambda(fn, env);
      const refused = await running.invoke('GET', `${ORIGIN}${LIST[fn.name]}`);
      expect(refused.status, refused.error ?? refused.body).toBe(401);
      expect(errorOf(refused.body).title).toBe('You are not signed in');
      const listed = await running.invoke('GET', `${ORIGIN}${LIST[fn.name]}`, {
        headers: { authorization: `Bearer ${local.tokens.admin}` },
      });
      expect(listed.status, listed.error ?? listed.body).toBe(200);
      expect(JSON.parse(listed.body)).toMatchObject(LISTED[fn.name]!);
    }
  });

  it('pointed at the local emulators, answers a member 403 and bad input 400, in words', async () => {
    const env = {
      FIREBASE_AUTH_EMULATOR_HOST: local.emulatorHost,
      PUBLISH_REPOSITORY_DIR: repository.dir,
      ENQUIRIES_DIR: local.root,
    };
    const bad: Record<string, [string, string, string?]> = {
      proposals: ['POST', '/api/proposals', '{"path": 7'],
      history: ['GET', '/api/history?path=..%2Fpackage.json'],
      enquiries: ['PATCH', '/api/enquiries/e1', '{"spam": "yes"}'],
    };
    for (const fn of routed()) {
      const running = await lambda(fn, env);
      const member = await running.invoke('GET', `${ORIGIN}${LIST[fn.name]}`, {
        headers: { authorization: `Bearer ${local.tokens.member}` },
      });
      expect(member.status, member.error ?? member.body).toBe(403);
      expect(errorOf(member.body).code).toBe('not-admin');
      const [method, address, body] = bad[fn.name]!;
      const refused = await running.invoke(method, `${ORIGIN}${address}`, {
        headers: {
          authorization: `Bearer ${local.tokens.admin}`,
          'content-type': 'application/json',
        },
        ...(body ? { body } : {}),
      });
      expect(refused.status, refused.error ?? refused.body).toBe(400);
      expect(errorOf(refused.body).message.length, fn.name).toBeGreaterThan(20);
    }
  });

  it("routes and refuses every request as the local server's in-process function does", async () => {
    const env = {
      FIREBASE_AUTH_EMULATOR_HOST: local.emulatorHost,
      PUBLISH_REPOSITORY_DIR: repository.dir,
      ENQUIRIES_DIR: local.root,
    };
    for (const fn of routed()) {
      const running = await lambda(fn, env);
      const addresses = routePaths(ROUTES[fn.name]!).map((address) =>
        address.replace(/:\w+/g, 'x'),
      );
      for (const address of addresses) {
        for (const method of ['GET', 'POST', 'PATCH', 'DELETE', 'PUT']) {
          // A member, not an admin: every route is answered without changing anything.
          const headers = {
            authorization: `Bearer ${local.tokens.member}`,
            'content-type': 'application/json',
          };
          const body = method === 'GET' ? undefined : '{}';
          const [onLambda, inProcess] = await Promise.all([
            running.invoke(method, `${ORIGIN}${address}`, { headers, ...(body ? { body } : {}) }),
            local.call(method, address, { token: local.tokens.member, ...(body ? { body } : {}) }),
          ]);
          const seen = {
            status: onLambda.status,
            code: errorOf(onLambda.body).code,
            allow: onLambda.headers.get('allow'),
          };
          expect(seen, `${method} ${address}`).toEqual({
            status: inProcess.status,
            code: ApiErrorSchema.parse(await inProcess.json()).error.code,
            allow: inProcess.headers.get('allow'),
          });
        }
      }
    }
  });
});
