/** npm run format:content [-- --content <dir>] [-- --check]: rewrites content files into the canonical form the block builder exports. */
import path from 'node:path';
import { formatContentFiles } from '../src/generator/content/format-files.ts';
import { parseOptions } from './cli.ts';

const values = parseOptions(
  { content: { type: 'string' }, check: { type: 'boolean' } },
  'Usage: npm run format:content -- [--content <dir>] [--check]',
);
const contentDir = path.resolve(values.content ?? 'content');
const { checked, changed } = formatContentFiles(contentDir, { write: !values.check });
for (const file of changed) console.log(`${values.check ? 'not canonical' : 'formatted'}: ${file}`);
console.log(
  `${checked} content files, ${changed.length} ${values.check ? 'not in the canonical form' : 'rewritten'}.`,
);
if (values.check && changed.length > 0) process.exit(1);
