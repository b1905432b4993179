// Shared helpers for the unit tests: temp copies of the minimal-site fixture,
// loading a content tree the way the build does, and an in-memory build.
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSite, Site } from '../../src/generator/build.ts';
import { type BuildReport, type SiteOptions } from '../../src/generator/build-types.ts';
import type { LoadedContent } from '../../src/kernel/content/collections.ts';
import { ContentError, type ContentProblem } from '../../src/kernel/errors/problems.ts';
import type { SiteModel } from '../../src/kernel/site/site-model.ts';
import { BuiltFolder } from './built-folder.ts';

export { BuiltFolder } from './built-folder.ts';

export const PROJECT_ROOT = path.resolve(fileURLToPath(new URL('../../', import.meta.url)));
export const REAL_CONTENT = path.join(PROJECT_ROOT, 'content');
export const FIXTURES = path.join(PROJECT_ROOT, 'tests/fixtures');
export const MINIMAL_SITE = path.join(FIXTURES, 'minimal-site');

/** A fixed build time, so the footer year and manifest time are known. */
export const FIXED_NOW = new Date('2031-06-15T12:00:00Z');
export const TEST_SITE_URL = 'https://example.test';

const tempDirs: string[] = [];

/** Copies the minimal site into a fresh temp folder; returns the copy's content folder. */
export async function copyMinimalSite(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'ssg-site-'));
  tempDirs.push(root);
  const contentDir = path.join(root, 'content');
  await cp(MINIMAL_SITE, contentDir, { recursive: true });
  return contentDir;
}

/** The broken-content cases: folders of tests/fixtures/broken/, each laid over the minimal site. */
export const BROKEN_CASES = path.join(FIXTURES, 'broken');

/** A temp copy of the minimal site with the named broken case (tests/fixtures/broken/<name>/) laid over it; returns its content folder. */
export async function copyBrokenCase(name: string): Promise<string> {
  const contentDir = await copyMinimalSite();
  await cp(path.join(BROKEN_CASES, name), contentDir, { recursive: true, force: true });
  return contentDir;
}

/** Removes every temp folder made by copyMinimalSite (call from afterAll). */
export async function removeTempCopies(): Promise<void> {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

export async function readText(contentDir: string, relative: string): Promise<string> {
  return readFile(path.join(contentDir, relative), 'utf8');
}

export async function writeText(contentDir: string, relative: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(contentDir, relative)), { recursive: true });
  await writeFile(path.join(contentDir, relative), text);
}

/** Rewrites one file of a content tree by replacing a piece of its text; fails loudly if the piece is absent. */
export async function editText(
  contentDir: string,
  relative: string,
  from: string,
  to: string,
): Promise<string> {
  const before = await readText(contentDir, relative);
  if (!before.includes(from))
    throw new Error(`${relative} does not contain ${JSON.stringify(from)}`);
  const after = before.replace(from, to);
  await writeText(contentDir, relative, after);
  return after;
}

/** The 1-based line of the first line of `text` that contains `needle`. */
export function lineContaining(text: string, needle: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`no line contains ${JSON.stringify(needle)}`);
  return index + 1;
}

/** Loads a content tree (problems name files relative to it) and derives the site model. */
export async function loadSite(
  contentDir: string,
): Promise<{ content: LoadedContent; site: SiteModel }> {
  return checkSite({
    projectRoot: contentDir,
    contentDir,
    cacheDir: false,
    siteUrl: TEST_SITE_URL,
    clock: () => FIXED_NOW,
  });
}

/** The problems loadSite throws; fails the test if it does not throw a ContentError. */
export async function problemsOf(contentDir: string): Promise<readonly ContentProblem[]> {
  try {
    await loadSite(contentDir);
  } catch (error) {
    if (ContentError.is(error)) return error.problems;
    throw error;
  }
  throw new Error('expected the content to have problems, but it loaded cleanly');
}

/** Builds a site with the project's templates, assets and public files into a temp folder, read back whole. */
export async function buildInto(
  contentDir: string = REAL_CONTENT,
  options: Partial<SiteOptions> = {},
): Promise<{ out: BuiltFolder; report: BuildReport }> {
  const outDir =
    options.outDir ?? path.join(await mkdtemp(path.join(tmpdir(), 'ssg-out-')), 'dist');
  if (!options.outDir) tempDirs.push(path.dirname(outDir));
  const site = await Site.open({
    projectRoot: PROJECT_ROOT,
    contentDir,
    outDir,
    cacheDir: false,
    siteUrl: TEST_SITE_URL,
    clock: () => FIXED_NOW,
    ...options,
  });
  const report = await site.build();
  return { out: await BuiltFolder.read(outDir), report };
}

/** The built folder of a site: see buildInto. */
export async function buildInMemory(
  contentDir: string = REAL_CONTENT,
  options: Partial<SiteOptions> = {},
): Promise<BuiltFolder> {
  return (await buildInto(contentDir, options)).out;
}

/** "/" → "index.html", "/about" → "about.html". */
export const htmlPathOf = (route: string) =>
  route === '/' ? 'index.html' : `${route.slice(1)}.html`;

/** Every JSON-LD block of an HTML document, parsed. */
export function jsonLdBlocks(html: string): unknown[] {
  const blocks: unknown[] = [];
  for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    blocks.push(JSON.parse(match[1]!));
  }
  return blocks;
}

export type LdNode = Record<string, unknown> & { '@type': string };

/** The @graph nodes of all JSON-LD blocks of a document. */
export function jsonLdNodes(html: string): LdNode[] {
  return jsonLdBlocks(html).flatMap(
    (block) => (block as { '@graph'?: LdNode[] })['@graph'] ?? [block as LdNode],
  );
}

/** The text of the first element that opens with `openTag` up to its matching close tag (same tag name, nesting aware). */
export function elementHtml(html: string, openTagPattern: RegExp): string | undefined {
  const open = openTagPattern.exec(html);
  if (!open) return undefined;
  const tag = /^<([a-z0-9]+)/i.exec(open[0])?.[1];
  if (!tag) throw new Error('pattern must match an opening tag');
  const tagRe = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  tagRe.lastIndex = open.index;
  let depth = 0;
  for (let m = tagRe.exec(html); m; m = tagRe.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(open.index, m.index + m[0].length);
  }
  return undefined;
}

/** Decodes the few entities React writes in text and attributes. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#x27|#39);/g,
    (_, name: string) =>
      ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" })[name]!,
  );
}

/** The value of an attribute on the first tag matching `tagPattern`. */
export function attributeOf(
  html: string,
  tagPattern: RegExp,
  attribute: string,
): string | undefined {
  const tag = tagPattern.exec(html)?.[0];
  if (!tag) return undefined;
  const value = new RegExp(`\\s${attribute}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : decodeEntities(value);
}

/** The project's own content, loaded and checked as the build does; problems name files from the project root. */
export async function loadRealContent(): Promise<LoadedContent> {
  return (
    await checkSite({
      projectRoot: PROJECT_ROOT,
      cacheDir: false,
      siteUrl: TEST_SITE_URL,
      clock: () => FIXED_NOW,
    })
  ).content;
}
