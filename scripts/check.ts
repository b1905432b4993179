/** npm run check [-- --content <dir>]: loads and cross-checks the content, then lints the rendered pages, without building. */
import path from 'node:path';
import { formatProblems } from '../src/errors/problems.ts';
import { exitWithError, parseOptions } from './cli.ts';

// The lint renders every page with React, whose production build writes the same HTML in about half
// the time; its development build only adds warnings for component authors, which `npm run build`
// and `npm run dev` still show. Set before React is first imported, hence the dynamic imports below.
process.env.NODE_ENV ??= 'production';
const { checkSite } = await import('../src/build.ts');
const { lintSite } = await import('../src/lint/lint-site.ts');
const { formatLintSummary } = await import('../src/lint/summary.ts');

const values = parseOptions({ content: { type: 'string' } }, 'Usage: npm run check -- [--content <dir>]');
const projectRoot = process.cwd();
const contentDir = values.content ? path.resolve(values.content) : undefined;
try {
  const started = performance.now();
  const { content, site } = await checkSite({ projectRoot, contentDir });
  const counts = [
    `${content.services.length} services`,
    `${content.areas.length} areas`,
    `${content.pages.length} pages`,
    `${content.faqs.length} FAQs`,
    `${content.contacts.length} contact files`,
  ];
  console.log(`Content OK: ${site.pages.length} routes from ${counts.join(', ')} (${Math.round(performance.now() - started)} ms).`);

  // The editorial rules, on the pages as they render: lengths, headings, copy, spelling, links, alt text.
  const report = await lintSite({ content, site, root: projectRoot });
  console.log(formatLintSummary(report));
  if (report.problems.length > 0) {
    console.error(formatProblems(report.problems));
    process.exit(1);
  }
} catch (error) {
  exitWithError(error);
}
