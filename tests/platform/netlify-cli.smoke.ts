// The platform smoke: the site as Netlify's own CLI builds and serves it, offline. `netlify build
// --offline` runs netlify.toml's build command and packs the functions with Netlify's bundler;
// `netlify serve --offline` builds again and serves the publish folder with netlify.toml's headers,
// redirects and 404 page, and runs the packed functions as Lambda does (no require() of ES
// modules). Where its local serving differs from Netlify's production on purpose, the test says so
// and docs/deploying.md ("npm start and Netlify") explains why that is safe. Run by
// `npm test -- --platform` (vitest.smoke.config.ts); the CLI comes from tools/netlify/.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadNetlifyRules } from '../../src/generator/server/netlify-rules.ts';
import { freePort } from '../../src/generator/emulators/auth-emulator.ts';
import { ApiErrorSchema } from '../../src/kernel/wire/proposals.ts';
import { ensureNetlifyTools } from '../../scripts/netlify-tools.ts';
import { PROJECT_ROOT } from '../support/sites.ts';

const PUBLISH = path.join(PROJECT_ROOT, 'dist');

/**
 * The environment of a deployer's machine: none of the developer's own settings, and, for
 * `netlify serve`, the publishing functions' settings in the shape Netlify's UI holds them (a
 * Firebase project and service account, a GitHub repository and token), made up, since nothing
 * here reaches Google or GitHub: a request without a valid token is refused before either is
 * asked. The enquiries' Netlify token is left unset, so that function says what is missing.
 */
function cliEnv(bin: string, settings: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${bin}${path.delimiter}${path.join(PROJECT_ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    BROWSER: 'none',
    NETLIFY_TELEMETRY_DISABLED: '1',
  };
  for (const name of Object.keys(env))
    if (/^(FIREBASE_|GITHUB_|PUBLISH_|NETLIFY_API|ENQUIRIES_DIR|STORAGE_EMULATOR)/.test(name))
      delete env[name];
  return { ...env, ...settings };
}

function publishingSettings(): Record<string, string> {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const account = {
    type: 'service_account',
    project_id: 'ardent-smoke',
    private_key_id: 'smoke',
    private_key: privateKey,
    client_email: 'smoke@ardent-smoke.iam.gserviceaccount.com',
    client_id: '1',
  };
  return {
    FIREBASE_PROJECT_ID: 'ardent-smoke',
    FIREBASE_SERVICE_ACCOUNT: JSON.stringify(account),
    GITHUB_REPOSITORY: 'ardent/site',
    GITHUB_TOKEN: 'smoke-token',
  };
}

let bin: string;
let origin: string;
let serve: ChildProcess | undefined;
let served = '';

async function waitForServer(): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (serve?.exitCode !== null)
      throw new Error(`netlify serve ended (${serve?.exitCode}):\n${served}`);
    try {
      if ((await fetch(`${origin}/`, { signal: AbortSignal.timeout(2_000) })).status === 200)
        return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`netlify serve did not answer within 120 s:\n${served}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  const tools = ensureNetlifyTools(PROJECT_ROOT);
  if (!tools) throw new Error("Netlify's CLI could not be installed (see above).");
  bin = tools;
}, 300_000);

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    // The CLI starts helpers of its own (the functions' and the edge layer's servers): end them all.
    process.kill(-serve.pid!, 'SIGTERM');
    await new Promise((resolve) => serve!.once('exit', resolve));
  }
});

describe('netlify build --offline', () => {
  it('runs the build command and packs every function as one file for nodejs24.x', () => {
    const build = spawnSync(path.join(bin, 'netlify'), ['build', '--offline'], {
      cwd: PROJECT_ROOT,
      env: cliEnv(bin),
      encoding: 'utf8',
    });
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    expect(build.stdout).toContain('Bundled 4 functions');
    const manifest = JSON.parse(
      readFileSync(path.join(PROJECT_ROOT, '.netlify', 'functions', 'manifest.json'), 'utf8'),
    ) as {
      functions: { name: string; runtimeVersion: string; bundler: string; schedule?: string }[];
    };
    expect(
      manifest.functions.map(({ name, runtimeVersion, bundler, schedule }) => ({
        name,
        runtimeVersion,
        bundler,
        ...(schedule ? { schedule } : {}),
      })),
    ).toEqual(
      ['enquiries', 'history', 'proposals', 'publish-scheduled'].map((name) => ({
        name,
        runtimeVersion: 'nodejs24.x',
        bundler: 'none',
        ...(name === 'publish-scheduled' ? { schedule: '* * * * *' } : {}),
      })),
    );
  });
});

describe('netlify serve --offline', () => {
  beforeAll(async () => {
    origin = `http://localhost:${await freePort()}`;
    serve = spawn(
      path.join(bin, 'netlify'),
      ['serve', '--offline', '--port', new URL(origin).port],
      {
        cwd: PROJECT_ROOT,
        env: cliEnv(bin, publishingSettings()),
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    serve.stdout!.on('data', (chunk: Buffer) => (served += chunk.toString('utf8')));
    serve.stderr!.on('data', (chunk: Buffer) => (served += chunk.toString('utf8')));
    await waitForServer();
  }, 180_000);

  it("serves the pages, and the site's own 404 page with status 404", async () => {
    for (const [address, title] of [
      ['/', 'Ardent | Home Cleaning'],
      ['/about', 'About Ardent'],
      ['/contact', 'Contact'],
    ] as const) {
      const response = await fetch(`${origin}${address}`);
      expect(response.status, address).toBe(200);
      expect(await response.text(), address).toContain(`<title>${title}`);
    }
    const missing = await fetch(`${origin}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<title>Page Not Found');
  });

  it("sends netlify.toml's headers and the build's _headers, but for Cache-Control", async () => {
    const { headers: rules } = await loadNetlifyRules({
      netlifyToml: path.join(PROJECT_ROOT, 'netlify.toml'),
      publishDir: PUBLISH,
    });
    const asset = /src="(\/assets\/boot-[^"]+\.js)"/.exec(
      readFileSync(path.join(PUBLISH, 'about.html'), 'utf8'),
    )![1]!;
    for (const address of ['/about', '/latest-build.json', '/build-manifest.json', asset]) {
      const response = await fetch(`${origin}${address}`);
      expect(response.status, address).toBe(200);
      const expected = rules
        .filter((rule) => rule.forRegExp.test(address))
        .flatMap((rule) =>
          Object.entries(rule.values).filter(([name]) => name.toLowerCase() !== 'cache-control'),
        );
      expect(expected.length, address).toBeGreaterThan(5);
      for (const [name, value] of expected)
        expect(response.headers.get(name), `${address}: ${name}`).toBe(value);
    }
  });

  it('runs each function, which answers in words: a missing or malformed token (401), a method it does not take (405), a missing setting (503)', async () => {
    for (const address of ['/api/proposals', '/api/history?path=content%2Fpages%2Fabout.md']) {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<
        string,
        string
      >[]) {
        const response = await fetch(`${origin}${address}`, { headers });
        expect(response.status, `${address}: ${served.slice(-2_000)}`).toBe(401);
        expect(ApiErrorSchema.parse(await response.json()).error).toMatchObject({
          code: 'signed-out',
          title: 'You are not signed in',
        });
      }
    }
    const wrong = await fetch(`${origin}/api/proposals/p1`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    const enquiries = await fetch(`${origin}/api/enquiries`);
    expect(enquiries.status).toBe(503);
    expect(ApiErrorSchema.parse(await enquiries.json()).error.message).toContain(
      'NETLIFY_API_TOKEN is not set',
    );
  });

  it("differs from Netlify's production where docs/deploying.md says: no pretty URLs, no form handling, its own Cache-Control", async () => {
    // Production redirects these to /about (netlify.toml's pretty_urls); the CLI serves the file.
    for (const address of ['/about/', '/about.html'])
      expect((await fetch(`${origin}${address}`, { redirect: 'manual' })).status, address).toBe(
        200,
      );
    // Production's Netlify Forms take the quote form's post; the CLI refuses it (npm start keeps it).
    const form = await fetch(`${origin}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'form-name=enquiry&name=Ann',
    });
    expect(form.status).toBe(405);
    // Production sends the rules' Cache-Control (a year for a hashed asset); the CLI sends its own on every file.
    const asset = /src="(\/assets\/boot-[^"]+\.js)"/.exec(
      readFileSync(path.join(PUBLISH, 'about.html'), 'utf8'),
    )![1]!;
    for (const address of [asset, '/latest-build.json'])
      expect((await fetch(`${origin}${address}`)).headers.get('cache-control'), address).toBe(
        'public, max-age=0',
      );
  });
});
