import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { parseFile, digest } from '/work/wt-24/src/generator/content/load-entry.ts';
import { imagePlanner } from '/work/wt-24/src/generator/images/responsive-images.ts';
import { DiskCache } from '/work/wt-24/src/generator/images/disk-cache.ts';
const dir = '/dev/shm/w24/content1000/areas';
const files = readdirSync(dir).filter((f) => f.startsWith('bench-')).map((f) => path.join(dir, f));
const texts = files.map((f) => readFileSync(f, 'utf8'));
const settings = { displayRoot: '/dev/shm/w24', loadKey: 'k', images: imagePlanner({ imagesDir: '/dev/shm/w24/content1000/images', imagesDirDisplay: 'content/images', cache: new DiskCache('/dev/shm/w24/ic') }) };
const processor = unified().use(remarkParse).use(remarkRehype).use(rehypeStringify);
const mode = process.argv[2];
for (let r = 0; r < 6; r++) {
  const t = performance.now();
  if (mode === 'floor') for (const text of texts) String(processor.processSync(matter(text).content));
  else for (let i = 0; i < files.length; i++) await parseFile(files[i]!, 'areas', { text: texts[i]!, stamp: { size: 0, mtimeMs: 0, ctimeMs: 0, ino: 0 }, textDigest: 'x' }, settings);
  console.log(mode, files.length, (performance.now() - t).toFixed(0), 'ms');
}
