// The W3C's Nu Html Checker on every page of the built site (src/generator/gates/w3c-validity.ts),
// and on the broken fixture's page, which must fail it: both in one run of Java.
//
//   tsx tests/runners/w3c-html.ts                 dist/, then the broken fixture must fail
//   tsx tests/runners/w3c-html.ts --no-fixture    dist/ only
//   tsx tests/runners/w3c-html.ts --root tests/fixtures/quality-broken/site --no-fixture   (exits 1)
//
// Prints each error (page:line:column, the message, the markup) and what the run cost in seconds.
// First: on too old a Node, it stops with one line before anything else loads.
import '../../scripts/require-node.mjs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROKEN_SITE_ROOT } from '../support/quality/broken-fixture.ts';
import { htmlFilesUnder } from '../../src/generator/gates/html-validity.ts';
import {
  ensureJava,
  formatW3cErrors,
  JAVA_NEEDED,
  w3cErrors,
} from '../../src/generator/gates/w3c-validity.ts';
import { fail, parseOptions } from '../../scripts/cli.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
/** A focusable div named with aria-labelledby, which html-validate lets pass: the fixture's proof that this gate adds something. */
const FIXTURE_MUST_REPORT =
  /“aria-labelledby” attribute must not be specified on any “div” element/;

const values = parseOptions(
  { root: { type: 'string', default: 'dist' }, 'no-fixture': { type: 'boolean', default: false } },
  'Usage: tsx tests/runners/w3c-html.ts [--root dist] [--no-fixture]',
);

const started = performance.now();
const root = resolve(values.root);
let pages: string[];
try {
  pages = htmlFilesUnder(root);
} catch {
  fail(`No built site in ${relative(projectRoot, root) || root}: run \`npm run build\` first.`);
}
if (pages.length === 0) fail(`No HTML pages in ${root}: run \`npm run build\` first.`);
// As for Chromium, the CI container (root, Debian) installs what is missing.
if (!ensureJava()) fail(JAVA_NEEDED);
const fixture = values['no-fixture'] ? undefined : resolve(BROKEN_SITE_ROOT, 'index.html');
const errors = await w3cErrors(projectRoot, fixture ? [...pages, fixture] : pages).catch(
  (error: unknown) => fail((error as Error).message),
);
const fixtureName = fixture && relative(projectRoot, fixture);
const siteErrors = errors.filter((error) => error.file !== fixtureName);
const fixtureErrors = errors.filter((error) => error.file === fixtureName);
const seconds = ((performance.now() - started) / 1000).toFixed(1);

for (const line of formatW3cErrors(siteErrors)) console.error(`✖ ${line}`);
console.log(
  `W3C checker: ${pages.length} pages of ${relative(projectRoot, root) || root}, ${siteErrors.length} error${siteErrors.length === 1 ? '' : 's'}, in ${seconds} s.`,
);
let fixtureFails = true;
if (fixtureName) {
  fixtureFails = fixtureErrors.some((error) => FIXTURE_MUST_REPORT.test(error.message));
  console.log(
    fixtureFails
      ? `The broken fixture fails it, as it must: ${fixtureErrors.length} errors, the div named without a role among them.`
      : `✖ The broken fixture (${fixtureName}) should fail with the div named without a role, and got: ${formatW3cErrors(fixtureErrors).join('; ') || 'no error'}.`,
  );
}
process.exit(siteErrors.length === 0 && fixtureFails ? 0 : 1);
