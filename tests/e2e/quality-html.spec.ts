// Quality gate 3 (issue 5): html-validate (the recommended rules; .htmlvalidate.mjs says what is
// changed and why) finds no error and no warning in any HTML file the build wrote.
import { BROKEN_SITE_ROOT } from '../support/quality/broken-fixture.ts';
import { DIST } from '../support/quality/dist.ts';
import {
  formatHtmlProblems,
  htmlFilesUnder,
  validateHtmlFiles,
} from '../../src/generator/gates/html-validity.ts';
import { expect, SPEC_ROUTES, test } from '../support/e2e/fixtures.ts';

test('html-validate finds nothing in any HTML file of the build', async () => {
  const files = htmlFilesUnder(DIST);
  // Every route's page, and the 404 and 500 pages.
  expect(files.length, `HTML files in ${DIST}`).toBeGreaterThanOrEqual(SPEC_ROUTES.length + 2);
  const problems = await validateHtmlFiles(DIST, files);
  expect(formatHtmlProblems(problems), 'html-validate problems').toEqual([]);
});

test('html-validate reports the broken fixture page (gate 3 can fail)', async () => {
  const problems = await validateHtmlFiles(BROKEN_SITE_ROOT, [`${BROKEN_SITE_ROOT}/index.html`]);
  const rules = new Set(problems.map((problem) => problem.rule));
  // A <div> in a <p>, an id used twice, an element never closed, an image without alt text.
  for (const rule of ['element-permitted-content', 'no-dup-id', 'close-order', 'wcag/h37'])
    expect(rules, `reports ${rule}`).toContain(rule);
});
