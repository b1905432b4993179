process.env.NODE_ENV = 'production';
const { readFileSync, readdirSync } = await import('node:fs');
const { readEntry } = await import('/work/main/src/content/read-entry.ts');
const { validateEntry } = await import('/work/main/src/content/validate-entry.ts');
const { parseMarkdown, renderMarkdown } = await import('/work/main/src/content/markdown.ts');
const { AreaSchema } = await import('/work/main/src/content/schema/index.ts');
const dir = '/dev/shm/b4000/content/areas';
const files = readdirSync(dir).map((f) => dir + '/' + f);
let t = performance.now();
const lap = (name: string) => { const now = performance.now(); console.log(name, (now - t).toFixed(0), 'ms'); t = now; };
const out = [];
for (const f of files) {
  const r = readEntry(f, readFileSync(f, 'utf8')) as any;
  const v = validateEntry(r, AreaSchema);
  out.push({ v, md: renderMarkdown(parseMarkdown(r.body)) });
}
lap('streamed all per file');
