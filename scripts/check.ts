/** npm run check [-- --content <dir>]: loads and cross-checks the content without building. */
import path from 'node:path';
import { checkSite } from '../src/build.ts';
import { exitWithError, parseOptions } from './cli.ts';

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
} catch (error) {
  exitWithError(error);
}
