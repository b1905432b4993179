// Gate 2 of the quality gates: Lighthouse 12 (Node API, Debian's Chromium, mobile with its default
// simulated throttling; TBT checked with DevTools throttling when it alone fails a page) on one
// page of each kind, against the built site served like `npm start`.
//
//   tsx tests/runners/lighthouse.ts                 dist/ with netlify.toml, then the broken fixture must fail
//   tsx tests/runners/lighthouse.ts --no-fixture    dist/ only
//   tsx tests/runners/lighthouse.ts --root tests/fixtures/quality-broken/site \
//     --netlify-toml tests/fixtures/quality-broken/netlify.toml --path /   (exits 1: the gate fails it)
//
// Prints a table of scores and LCP; writes test-results/lighthouse.json ({ passed, failed, pages })
// for `npm test`'s summary. Thresholds: src/generator/gates/lighthouse-pages.ts.
// The guarded page is audited as the administrator sees it: the local Auth and Storage emulators run beside the
// site (on E2E_AUTH_PORT and E2E_STORAGE_PORT, as for the browser tests), the administrator signs in through the real
// form in the same Chromium, and Lighthouse keeps that session (disableStorageReset).
// First: on too old a Node, it stops with one line before anything else loads.
import '../../scripts/require-node.mjs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LIGHTHOUSE_PAGES,
  type LighthousePage,
} from '../../src/generator/gates/lighthouse-pages.ts';
import type { PageScores } from '../../src/generator/gates/lighthouse-score.ts';
import { formatRuns, formatTable } from '../../src/generator/gates/lighthouse-table.ts';
import { auditPages, launchChromium } from '../../src/generator/gates/lighthouse-run.ts';
import { serveSite } from '../../src/generator/gates/serve.ts';
import { functionRoutes } from '../../src/generator/server/functions.ts';
import { E2E_AUTH_PORT, E2E_STORAGE_PORT } from '../support/e2e-ports.ts';
import {
  emulatorOptionsFromEnv,
  startLocalServices,
  type LocalServices,
} from '../../src/generator/emulators/local-services.ts';
import { parseOptions } from '../../scripts/cli.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE_ROOT = join(projectRoot, 'tests/fixtures/quality-broken');
/** Each page's full Lighthouse result, for a closer look when a page fails. */
const REPORTS = join(projectRoot, 'test-results/lighthouse');

const values = parseOptions(
  {
    root: { type: 'string' },
    'netlify-toml': { type: 'string' },
    path: { type: 'string', multiple: true },
    'no-fixture': { type: 'boolean', default: false },
    json: { type: 'string', default: 'test-results/lighthouse.json' },
  },
  'Usage: tsx tests/runners/lighthouse.ts [--root dist] [--netlify-toml netlify.toml] [--path /p]... [--no-fixture] [--json file]',
);

/** The highest CPU benchmark the host has shown this session, dist/'s pages and the fixture alike: the yardstick for a disturbed run. */
const host = { best: 0 };

/** `services`: the local sign-in and storage services, when a page is audited signed in. */
async function auditSite(
  port: number,
  root: string,
  netlifyToml: string,
  pages: readonly LighthousePage[],
  services?: LocalServices,
): Promise<PageScores[]> {
  const site = await serveSite(
    root,
    netlifyToml,
    services
      ? {
          emulators: {
            auth: services.emulator.host,
            storage: `127.0.0.1:${E2E_STORAGE_PORT}`,
            ready: services.ready,
          },
          functions: functionRoutes({ logger: { error: () => {} }, ready: services.ready }),
        }
      : {},
  );
  try {
    return await auditPages(
      {
        port,
        origin: site.origin,
        reports: REPORTS,
        log: console.log,
        host,
        ready: services?.ready,
      },
      pages,
    );
  } finally {
    await site.close();
  }
}

function printFailures(rows: readonly PageScores[]): void {
  for (const row of rows)
    for (const failure of row.failures) console.log(`  ✖ ${row.kind} ${row.path}: ${failure}`);
}

const started = performance.now();
const chrome = await launchChromium();
const custom = values.root !== undefined || values.path !== undefined;
const pages: readonly LighthousePage[] = values.path
  ? values.path.map((path) => ({ kind: 'page', path }))
  : LIGHTHOUSE_PAGES;
// The local sign-in and storage services, for a page audited signed in: started first. The broken
// fixture is audited while they start (it fails the gate however busy the machine is), then the
// sign-in pages, which have no TBT limit; the other pages wait until they are ready (auditPages).
const services = pages.some((page) => page.signedInAs)
  ? startLocalServices(await emulatorOptionsFromEnv(process.env, E2E_AUTH_PORT, E2E_STORAGE_PORT))
  : undefined;
void services?.ready.then(
  () =>
    console.log(
      `(the local emulators were ready ${((performance.now() - started) / 1000).toFixed(1)} s into the step)`,
    ),
  () => {},
);
let passed = 0;
let failed = 0;
const report: Record<string, unknown> = {};
try {
  // The gate must be able to fail: the broken fixture page (missing alt, no meta description,
  // console error, layout shift...) has to miss the thresholds. Counted as one check.
  const fixture =
    custom || values['no-fixture']
      ? undefined
      : (
          await auditSite(
            chrome.port,
            join(FIXTURE_ROOT, 'site'),
            join(FIXTURE_ROOT, 'netlify.toml'),
            [{ kind: 'broken fixture', path: '/', once: true }],
          )
        )[0]!;

  const root = resolve(values.root ?? 'dist');
  const rows = await auditSite(
    chrome.port,
    root,
    resolve(values['netlify-toml'] ?? 'netlify.toml'),
    pages,
    services,
  );
  console.log(`Lighthouse ${rows.length} pages of ${root} (mobile, simulated throttling):\n`);
  console.log(formatTable(rows));
  console.log(formatRuns(rows));
  printFailures(rows);
  passed += rows.filter((row) => row.failures.length === 0).length;
  failed += rows.filter((row) => row.failures.length > 0).length;
  report.pages = rows;

  if (fixture) {
    const caught = fixture.failures.length > 0;
    console.log(
      `\nBroken fixture (tests/fixtures/quality-broken): ${caught ? 'fails the gate, as it must' : 'PASSES the gate: the gate cannot fail'}`,
    );
    for (const failure of fixture.failures) console.log(`  · ${failure}`);
    if (caught) passed += 1;
    else failed += 1;
    report.fixture = fixture;
  }
} finally {
  await services?.stop();
  await chrome.kill();
}
console.log(
  `\nlighthouse: ${passed} passed, ${failed} failed (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
mkdirSync(resolve(values.json!, '..'), { recursive: true });
writeFileSync(values.json!, JSON.stringify({ passed, failed, ...report }, null, 2));
process.exit(failed === 0 ? 0 : 1);
