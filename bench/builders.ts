// The builders on the same Markdown: this generator (the real `npm run build` command), Eleventy 3
// and Astro (its newest major, bench/package.json) with an equivalent simple layout, and Hugo when
// `hugo` is installed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCommand, cleanEnv, measure, type Measured } from './measure.ts';

const benchRoot = fileURLToPath(new URL('.', import.meta.url));
const ELEVENTY = path.join(benchRoot, 'node_modules/@11ty/eleventy/cmd.cjs');
const ASTRO = path.join(benchRoot, 'node_modules/astro');
export const HUGO =
  spawnSync('hugo', ['version'], { encoding: 'utf8' }).status === 0 ? 'hugo' : undefined;
export const eleventyVersion = () =>
  (
    JSON.parse(
      readFileSync(path.join(benchRoot, 'node_modules/@11ty/eleventy/package.json'), 'utf8'),
    ) as { version: string }
  ).version;
export const astroVersion = () =>
  (JSON.parse(readFileSync(path.join(ASTRO, 'package.json'), 'utf8')) as { version: string })
    .version;
export const hugoVersion = () =>
  HUGO ? spawnSync('hugo', ['version'], { encoding: 'utf8' }).stdout.split(' ')[1] : undefined;

/** The services menu every layout shows, as the real site's header does. */
const SERVICE_LINKS = [
  ['domestic-cleaning-services', 'Domestic cleaning'],
  ['deep-cleaning-services', 'Deep cleaning'],
  ['end-of-tenancy-cleaning-services', 'End of tenancy cleaning'],
  ['oven-cleaning-services', 'Oven cleaning'],
  ['carpet-cleaning-services', 'Carpet cleaning'],
  ['window-cleaning-services', 'Window cleaning'],
  ['seasonal-cleaning-services', 'Seasonal cleaning'],
  ['cleaning-services-busy-professionals', 'Busy professionals'],
  ['cleaning-services-senior-citizens', 'Senior citizens'],
] as const;

/** Eleventy 3: the Markdown files as they are, a JavaScript layout, the same URLs as ours. */
function setUpEleventy(dir: string, markdownDir: string): void {
  mkdirSync(path.join(dir, 'src/_includes'), { recursive: true });
  for (const name of readdirSync(markdownDir))
    writeFileSync(path.join(dir, 'src', name), readFileSync(path.join(markdownDir, name)));
  const nav = SERVICE_LINKS.map(([slug, label]) => `<li><a href="/${slug}">${label}</a></li>`).join(
    '',
  );
  writeFileSync(
    path.join(dir, 'src/_includes/area.11ty.js'),
    `export default function ({ title, description, heading, postcodes, services, content, page }) {
  return \`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>\${title}</title><meta name="description" content="\${description}"><link rel="canonical" href="https://example.test\${page.url}"><link rel="stylesheet" href="/assets/site.css"></head><body><header><a href="/">Ardent</a><nav><ul>${nav}</ul></nav></header><main><h1>\${heading}</h1>\${content}</main><aside><h2>Postcodes</h2><p>\${postcodes.join(', ')}</p><h2>Popular here</h2><ul>\${services.map((slug) => \`<li><a href="/\${slug}">\${slug}</a></li>\`).join('')}</ul></aside><footer><p>Ardent Cleaning</p></footer></body></html>\`;
}
`,
  );
  writeFileSync(
    path.join(dir, 'eleventy.config.mjs'),
    `export default function (config) {
  config.addGlobalData('layout', 'area.11ty.js');
  config.addGlobalData('permalink', () => (data) => \`/cleaning-services-\${data.slug}/index.html\`);
  return { dir: { input: 'src' }, markdownTemplateEngine: false };
}
`,
  );
}

/**
 * Astro, as its documentation sets up Markdown pages: a content collection (the glob loader over
 * the Markdown files, a zod schema for the front matter the layout reads), one dynamic route whose
 * getStaticPaths lists the entries and renders each with render(entry) into a layout like
 * Eleventy's. Static output, one file per page as ours writes. Astro's own default Markdown
 * pipeline (since Astro 7, Sätteri, its native one; before, remark → rehype), heading ids
 * included, without what ours does not do and the pages do not use: GFM, SmartyPants, syntax
 * highlighting.
 */
function setUpAstro(dir: string, markdownDir: string): void {
  mkdirSync(path.join(dir, 'areas'), { recursive: true });
  mkdirSync(path.join(dir, 'src/pages'), { recursive: true });
  mkdirSync(path.join(dir, 'src/layouts'), { recursive: true });
  for (const name of readdirSync(markdownDir))
    writeFileSync(path.join(dir, 'areas', name), readFileSync(path.join(markdownDir, name)));
  // The project's own node_modules holds only a link to the bench's Astro, so that Astro's caches
  // (node_modules/.astro, node_modules/.vite) stay in this folder, emptied before each cold build.
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(ASTRO, path.join(dir, 'node_modules/astro'), 'dir');
  writeFileSync(
    path.join(dir, 'astro.config.mjs'),
    `import { defineConfig } from 'astro/config';

export default defineConfig({
  site: 'https://example.test',
  output: 'static',
  build: { format: 'file' },
  markdown: { syntaxHighlight: false, gfm: false, smartypants: false },
});
`,
  );
  writeFileSync(
    path.join(dir, 'src/content.config.ts'),
    `import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const areas = defineCollection({
  loader: glob({ pattern: '*.md', base: './areas' }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    heading: z.string(),
    postcodes: z.array(z.string()),
    services: z.array(z.string()),
  }),
});

export const collections = { areas };
`,
  );
  writeFileSync(
    path.join(dir, 'src/pages/cleaning-services-[slug].astro'),
    `---
import { getCollection, render } from 'astro:content';
import Area from '../layouts/Area.astro';

export async function getStaticPaths() {
  const areas = await getCollection('areas');
  return areas.map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}

const { entry } = Astro.props;
const { Content } = await render(entry);
---
<Area {...entry.data}><Content /></Area>
`,
  );
  const nav = SERVICE_LINKS.map(([slug, label]) => `<li><a href="/${slug}">${label}</a></li>`).join(
    '',
  );
  writeFileSync(
    path.join(dir, 'src/layouts/Area.astro'),
    `---
interface Props {
  title: string;
  description: string;
  heading: string;
  postcodes: string[];
  services: string[];
}
const { title, description, heading, postcodes, services } = Astro.props;
---
<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title><meta name="description" content={description}><link rel="canonical" href={Astro.url.href}><link rel="stylesheet" href="/assets/site.css"></head><body><header><a href="/">Ardent</a><nav><ul>${nav}</ul></nav></header><main><h1>{heading}</h1><slot /></main><aside><h2>Postcodes</h2><p>{postcodes.join(', ')}</p><h2>Popular here</h2><ul>{services.map((slug) => <li><a href={\`/\${slug}\`}>{slug}</a></li>)}</ul></aside><footer><p>Ardent Cleaning</p></footer></body></html>
`,
  );
}

/** Hugo: the same Markdown as a section, a single-page layout like Eleventy's, the same URLs. */
function setUpHugo(dir: string, markdownDir: string): void {
  mkdirSync(path.join(dir, 'content/areas'), { recursive: true });
  mkdirSync(path.join(dir, 'layouts/_default'), { recursive: true });
  for (const name of readdirSync(markdownDir))
    writeFileSync(
      path.join(dir, 'content/areas', name),
      readFileSync(path.join(markdownDir, name)),
    );
  writeFileSync(
    path.join(dir, 'config.toml'),
    `baseURL = "https://example.test/"
languageCode = "en-GB"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[permalinks]
  areas = "/cleaning-services-:slug/"
`,
  );
  const nav = SERVICE_LINKS.map(([slug, label]) => `<li><a href="/${slug}">${label}</a></li>`).join(
    '',
  );
  writeFileSync(
    path.join(dir, 'layouts/_default/single.html'),
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{ .Title }}</title><meta name="description" content="{{ .Description }}"><link rel="canonical" href="{{ .Permalink }}"><link rel="stylesheet" href="/assets/site.css"></head><body><header><a href="/">Ardent</a><nav><ul>${nav}</ul></nav></header><main><h1>{{ .Params.heading }}</h1>{{ .Content }}</main><aside><h2>Postcodes</h2><p>{{ delimit .Params.postcodes ", " }}</p><h2>Popular here</h2><ul>{{ range .Params.services }}<li><a href="/{{ . }}">{{ . }}</a></li>{{ end }}</ul></aside><footer><p>Ardent Cleaning</p></footer></body></html>\n`,
  );
  writeFileSync(
    path.join(dir, 'layouts/_default/list.html'),
    '<!doctype html><title>{{ .Title }}</title>\n',
  );
  writeFileSync(path.join(dir, 'layouts/index.html'), '<!doctype html><title>Ardent</title>\n');
}

export interface Tool {
  name: string;
  /** Where the page of the area with this slug is in the output folder. */
  page(slug: string): string;
  /** One cold build into a fresh folder; resolves with the folder. */
  build(run: number): Promise<Measured & { out: string }>;
}

export function tools(work: string, contentDir: string, markdownDir: string): Tool[] {
  const eleventyDir = path.join(work, 'eleventy');
  setUpEleventy(eleventyDir, markdownDir);
  const list: Tool[] = [
    {
      name: 'ours',
      page: (slug) => `cleaning-services-${slug}.html`,
      async build(run) {
        const out = path.join(work, `out-ours-${run}`);
        const cache = path.join(work, `cache-ours-${run}`);
        // `npm run build` itself, minus npm: a fresh output folder and an empty cache.
        const result = await buildCommand(contentDir, out, cache);
        return { ...result, out };
      },
    },
    {
      name: 'eleventy',
      page: (slug) => `cleaning-services-${slug}/index.html`,
      async build(run) {
        const out = path.join(work, `out-eleventy-${run}`);
        const result = await measure(
          process.execPath,
          [ELEVENTY, '--config=eleventy.config.mjs', `--output=${out}`, '--quiet'],
          eleventyDir,
        );
        return { ...result, out };
      },
    },
  ];
  if (HUGO) {
    const hugoDir = path.join(work, 'hugo');
    setUpHugo(hugoDir, markdownDir);
    list.push({
      name: 'hugo',
      page: (slug) => `cleaning-services-${slug}/index.html`,
      async build(run) {
        const out = path.join(work, `out-hugo-${run}`);
        const result = await measure(
          HUGO,
          ['--quiet', '--source', hugoDir, '--destination', out],
          hugoDir,
        );
        return { ...result, out };
      },
    });
  }
  const astroDir = path.join(work, 'astro');
  setUpAstro(astroDir, markdownDir);
  list.push({
    name: 'astro',
    page: (slug) => `cleaning-services-${slug}.html`,
    async build(run) {
      const out = path.join(astroDir, `out-${run}`);
      // Cold, as ours: no content layer data store or Vite cache from an earlier run.
      for (const cache of ['.astro', 'node_modules/.astro', 'node_modules/.vite'])
        rmSync(path.join(astroDir, cache), { recursive: true, force: true });
      // The output folder inside the project (the working folder): given one outside it, Astro
      // builds into a folder of its own inside it and then copies, work the others do not do.
      const result = await measure(
        process.execPath,
        [path.join(ASTRO, 'bin/astro.mjs'), 'build', '--outDir', out, '--silent'],
        astroDir,
        { ...cleanEnv, ASTRO_TELEMETRY_DISABLED: '1' },
      );
      return { ...result, out };
    },
  });
  return list;
}
