// The one way a content file is checked, wherever it is: the build and `npm run check` (every file
// they load, src/generator/content/load-entry.ts), the block builder (a draft, in the browser) and
// the publish function (a proposed file, on the server). Read, validated against its schema, its
// Markdown parsed, its images checked and planned, its Markdown rendered with them; then, where
// the rest of the site is known, its page checked against it, and, where asked, linted.
// Only where the images come from differs: files read by the build, the build's list in the builder.
import { ContentEntry, withLines } from '../content/entry.ts';
import { parseMarkdown, renderMarkdown, type ParsedMarkdown } from '../content/markdown.ts';
import type { FrontMatterLines } from '../content/front-matter-lines.ts';
import type { EntryKind } from '../content/page-kinds.ts';
import type { RawEntry } from '../content/read-entry.ts';
import { validateEntry } from '../content/validate-entry.ts';
import type { ContentProblem } from '../errors/problems.ts';
import { checkReferences, type ImageReference } from '../images/reference-checks.ts';
import { frontMatterImageReferences, markdownImageReferences } from '../images/references.ts';
import type { ImageMap } from '../images/responsive-image.ts';
import type { BusinessProfile } from '../schema/index.ts';
import { checkPage, duplicateRoute } from '../site/check-page.ts';
import type { LinkTargets } from '../site/link-targets.ts';
import { pageOfEntry, trailFor, type SitePage } from '../site/pages.ts';

/** What planning found: the raster images the entry shows, and the problems of those it cannot. */
export interface ImagePlan {
  images: ImageMap;
  problems: ContentProblem[];
}

/** The rest of the site, as a page is checked against it. */
export interface SiteTargets {
  /** What the page's links and references may point at, the page itself among them. */
  targets(page: SitePage): LinkTargets;
  /** The file that already has a route, if any: never the live file the checked one replaces. */
  fileAt(route: string): string | undefined;
  /** For the page's breadcrumb trail. */
  branches: BusinessProfile['branches'];
  byRoute: ReadonlyMap<string, Pick<SitePage, 'route' | 'breadcrumb'>>;
}

export interface CheckOptions {
  /** How problems name the images folder, for example "content/images". */
  imagesDir: string;
  /** Plans the raster images the entry shows (photos from content/images/ and the media library). */
  planImages(raster: readonly ImageReference[]): ImagePlan | Promise<ImagePlan>;
  /** The entry's digest, from what it was made of and the images it shows (the build's page keys use it). */
  digest?(images: ImageMap): string;
  /** The rest of the site: given, the entry's page is checked against it. */
  site?: SiteTargets;
  /** Given (with `site`), the content lint on the page (lint-page.ts): given by the caller, so that a script that checks without it does not carry the lint. */
  lint?(page: SitePage, file: string): ContentProblem[];
  /** Where the fields are, when the caller wrote the file (the builder, which bundles no YAML parser). */
  lines?: FrontMatterLines;
}

export interface EntryCheck {
  /** The file's entry; null when it did not read or validate. */
  entry: ContentEntry | null;
  /** The page it makes (services, areas and pages), when checked against the site. */
  page: SitePage | null;
  /** Every problem found, in the order found. */
  problems: ContentProblem[];
  /** Every image reference, and the images planned for those the site processes. */
  references: ImageReference[];
  images: ImageMap;
  /** What the file would have been called, and the route it gives, when it did not validate. */
  invalid: { names: string[]; routes: string[] };
}

const MAKES_A_PAGE = new Set<EntryKind['key']>(['services', 'areas', 'pages']);
const makesAPage = (key: EntryKind['key']): key is 'services' | 'areas' | 'pages' =>
  MAKES_A_PAGE.has(key);

/** `raw`: the file as read (src/kernel/content/read-entry.ts), or the problem that stopped it being read. */
export async function checkEntry(
  raw: RawEntry | ContentProblem,
  kind: EntryKind,
  options: CheckOptions,
): Promise<EntryCheck> {
  const { file } = raw;
  const name = file.split('/').pop()!.replace(/\.md$/, '');
  const failed = (problems: ContentProblem[], data?: unknown): EntryCheck => {
    const fields = (data ?? {}) as { slug?: unknown; route?: unknown };
    const names = [name, ...(typeof fields.slug === 'string' ? [fields.slug] : [])];
    return {
      entry: null,
      page: null,
      problems,
      references: [],
      images: new Map(),
      invalid: { names, routes: typeof fields.route === 'string' ? [fields.route] : [] },
    };
  };
  if ('code' in raw) return failed([raw]);
  const result = validateEntry(raw, kind.schema);
  if (!result.ok) return failed(result.problems, raw.data);

  const { references, blocks, body } = markdownOf(raw, result.data);
  const checked = checkReferences(references, options.imagesDir);
  const plan =
    checked.raster.length > 0
      ? await options.planImages(checked.raster)
      : { images: new Map(), problems: [] };
  const entry = new ContentEntry(
    file,
    name,
    result.data,
    body ? renderMarkdown(body, plan.images) : null,
    new Map([...blocks].map(([index, tree]) => [index, renderMarkdown(tree, plan.images)])),
    raw.frontMatter,
    raw.bodyLine,
    options.digest?.(plan.images) ?? '',
  );
  if (options.lines) withLines(entry, options.lines);
  const problems = [...checked.problems, ...plan.problems];
  const page = options.site && makesAPage(kind.key) ? pageOfEntry(entry, kind.key) : null;
  if (page && options.site) {
    page.trail = trailFor(
      page,
      options.site.branches,
      new Map([...options.site.byRoute, [page.route, page]]),
    );
    problems.push(...checkPage(page, options.site.targets(page)));
    const owner = options.site.fileAt(page.route);
    if (owner) problems.push(duplicateRoute(page, owner));
    if (options.lint) problems.push(...options.lint(page, file));
  }
  return {
    entry,
    page,
    problems,
    references,
    images: plan.images,
    invalid: { names: [], routes: [] },
  };
}

/** The entry's Markdown, parsed once: the body and each `markdown` block, with every image they and the front matter show. */
function markdownOf(
  raw: RawEntry,
  data: unknown,
): {
  references: ImageReference[];
  blocks: Map<number, ParsedMarkdown>;
  body: ParsedMarkdown | null;
} {
  const references = frontMatterImageReferences(raw, data);
  const blocks = new Map<number, ParsedMarkdown>();
  const list = (data as { blocks?: { type: string; markdown?: string }[] }).blocks ?? [];
  list.forEach((block, index) => {
    if (block.type !== 'markdown' || !block.markdown) return;
    const parsed = parseMarkdown(block.markdown);
    blocks.set(index, parsed);
    references.push(
      ...markdownImageReferences(
        raw,
        parsed,
        (line) => raw.textLineOf(['blocks', index, 'markdown']) + line - 1,
        `blocks.${index}.markdown`,
      ),
    );
  });
  const body = raw.body.trim() ? parseMarkdown(raw.body) : null;
  if (body)
    references.push(...markdownImageReferences(raw, body, (line) => raw.bodyLine + line - 1));
  return { references, blocks, body };
}
