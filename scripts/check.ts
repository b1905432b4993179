/** npm run check [-- --content <dir>]: loads and cross-checks the content, then lints the rendered pages, without building. */
import path from 'node:path';
import { checkSite } from '../src/build.ts';
import { formatContentFiles } from '../src/content/format-files.ts';
import { formatProblems } from '../src/errors/problems.ts';
import { lintSite } from '../src/lint/lint-site.ts';
import { formatLintSummary } from '../src/lint/summary.ts';
import { exitWithError, parseOptions } from './cli.ts';

const values = parseOptions({ content: { type: 'string' } }, 'Usage: npm run check -- [--content <dir>]');
const projectRoot = process.cwd();
const contentDir = values.content ? path.resolve(values.content) : undefined;
try {
  const started = performance.now();
  const { content, site, images } = await checkSite({ projectRoot, contentDir });
  const counts = [
    `${content.services.length} services`,
    `${content.areas.length} areas`,
    `${content.pages.length} pages`,
    `${content.faqs.length} FAQs`,
    `${content.contacts.length} contact files`,
  ];
  console.log(`Content OK: ${site.pages.length} routes from ${counts.join(', ')} (${Math.round(performance.now() - started)} ms).`);

  // The editorial rules, on the pages as they render: lengths, headings, copy, spelling, links, alt text.
  const report = await lintSite({ content, site, images, root: projectRoot });
  console.log(formatLintSummary(report));
  // A warning, not a failure: the file is valid, but the block builder would export it differently.
  const { changed } = formatContentFiles(contentDir ?? path.join(projectRoot, 'content'), { displayRoot: projectRoot });
  for (const file of changed) console.warn(`warning: ${file} is not in the canonical format the block builder exports; run \`npm run format:content\` to rewrite it.`);
  if (report.problems.length > 0) {
    console.error(formatProblems(report.problems));
    process.exit(1);
  }
} catch (error) {
  exitWithError(error);
}
