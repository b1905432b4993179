import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
const [target, ...patterns] = process.argv.slice(2);
const files = readFileSync(0, 'utf8').split('\n').filter(Boolean);
for (const file of files) {
  let text = readFileSync(file, 'utf8');
  let rel = path.relative(path.dirname(file), target).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = './' + rel;
  let changed = text;
  for (const p of patterns) changed = changed.replace(new RegExp(`(['"])${p}\\1`, 'g'), `$1${rel}$1`);
  if (changed !== text) { writeFileSync(file, changed); console.log('fixed', file); }
}
