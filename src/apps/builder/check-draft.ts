// The build's own checks, run on one draft: the file it exports is read and validated like a
// content file (validate-entry.ts, the same zod schemas and messages), its images' alt text and
// paths checked (reference-checks.ts), its references and links checked against the site's
// targets (checkPage), and the page, rendered with the real templates, linted with the same rules
// as `npm run check` (title and description length, headings, copy, spelling, alt text…).
import type { ReactElement } from 'react';
import { ContentEntry, withLines } from '../../kernel/content/entry.ts';
import type { FormattedFile } from '../../kernel/content/canonical.ts';
import type { FrontMatterLines } from '../../kernel/content/front-matter-lines.ts';
import { parseMarkdown, renderMarkdown, type ParsedMarkdown, type RenderedMarkdown } from '../../kernel/content/markdown.ts';
import type { RawEntry } from '../../kernel/content/read-entry.ts';
import type { Area, Page, Service } from '../../kernel/schema/index.ts';
import { validateEntry } from '../../kernel/content/validate-entry.ts';
import type { ContentProblem } from '../../kernel/errors/problems.ts';
import { frontMatterImageReferences, markdownImageReferences } from '../../kernel/images/references.ts';
import { libraryPathOf } from '../../kernel/wire/library-reference.ts';
import { checkReferences, noSuchImage, type ImageReference } from '../../kernel/images/reference-checks.ts';
import type { LintContext, LintedPage } from '../../kernel/lint/context.ts';
import type { ParsedDocument } from '../../kernel/lint/parse-html.ts';
import { DEFAULT_LINT_OPTIONS } from '../../kernel/lint/options.ts';
import { LINT_RULES } from '../../kernel/lint/rules.ts';
import { SourceFiles } from '../../kernel/lint/sources.ts';
import { contentTemplate, contextFor } from '../../kernel/render/page-context.tsx';
import { checkPage, duplicateRoute } from '../../kernel/site/cross-check.ts';
import { areaPage, contentPage, servicePage, trailFor, type SitePage } from '../../kernel/site/pages.ts';
import { cleanData, exportFile, exportPath, SCHEMAS, type Draft } from './draft.ts';
import { targetsFor, type BuilderSite } from '../../kernel/wire/builder-data.ts';

/** Renders a page's template and hands back what the lint reads: the body's elements, and <main>. */
export type RenderForLint = (element: ReactElement) => ParsedDocument;

const IMAGES_DIR = 'content/images';

/** The exported file split as the loader (gray-matter) splits it: the front matter's text from the end of the first "---", the body after the second, and the line the body starts on. */
function rawEntryOf(file: string, text: string, data: Record<string, unknown>, lines: FrontMatterLines): RawEntry {
  const end = text.indexOf('\n---\n', 3);
  const frontMatter = text.slice(3, end + 1);
  const bodyLine = text.slice(0, end + 5).split('\n').length;
  return { file, data, body: text.slice(end + 5), bodyLine, frontMatter, ...lines };
}

export interface DraftCheck {
  problems: ContentProblem[];
  /** The file the draft exports, and its path. */
  path: string;
  text: string;
  /** The field written on a line of that file. */
  fieldAt: FormattedFile['fieldAt'];
  /** The page as the site would have it, when the draft is valid enough to render. */
  page?: SitePage;
}

/** Markdown is rendered once per text: the preview and the checks ask for the same texts on every keystroke. */
const rendered = new Map<string, { parsed: ParsedMarkdown; html: RenderedMarkdown }>();
function markdownOf(text: string, site: BuilderSite): { parsed: ParsedMarkdown; html: RenderedMarkdown } {
  let found = rendered.get(text);
  if (!found) {
    const parsed = parseMarkdown(text);
    found = { parsed, html: renderMarkdown(parsed, site.images) };
    if (rendered.size > 200) rendered.clear();
    rendered.set(text, found);
  }
  return found;
}

/** The draft as a page of the site, or the problems that stop it being one (as the loader would report them). */
export function draftPage(draft: Draft, site: BuilderSite): DraftCheck {
  const path = exportPath(draft);
  const { text, lines, fieldAt } = exportFile(draft);
  const data = cleanData(draft.data);
  const raw = rawEntryOf(path, text, data, lines);
  const result = validateEntry(raw, SCHEMAS[draft.kind]);
  if (!result.ok) return { problems: result.problems, path, text, fieldAt };

  const references: ImageReference[] = frontMatterImageReferences(raw, result.data);
  const blockMarkdown = new Map<number, RenderedMarkdown>();
  const blocks = (result.data as { blocks: { type: string; markdown?: string }[] }).blocks;
  blocks.forEach((block, index) => {
    if (block.type !== 'markdown' || !block.markdown) return;
    const { parsed, html } = markdownOf(block.markdown, site);
    blockMarkdown.set(index, html);
    references.push(...markdownImageReferences(raw, parsed, (line) => raw.textLineOf(['blocks', index, 'markdown']) + line - 1, `blocks.${index}.markdown`));
  });
  const body = raw.body.trim() ? markdownOf(raw.body, site) : null;
  if (body) references.push(...markdownImageReferences(raw, body.parsed, (line) => raw.bodyLine + line - 1));
  const images = checkReferences(references, IMAGES_DIR);
  for (const reference of images.raster) {
    // A media library photo is looked up by the build, which fetches it (library-photos.ts); the
    // builder's picker offers only photos that exist and have alt text.
    if (libraryPathOf(reference.src) !== null) continue;
    if (!site.images.has(reference.src)) images.problems.push({ code: 'missing-image', file: reference.file, line: reference.line, field: reference.field, message: noSuchImage(`${IMAGES_DIR}/${reference.src.slice('/images/'.length)}`) });
  }

  const name = path.split('/').pop()!.replace(/\.md$/, '');
  const entry = withLines(new ContentEntry(path, name, result.data, body?.html ?? null, blockMarkdown, raw.frontMatter, raw.bodyLine, 'draft'), lines);
  const page =
    draft.kind === 'services'
      ? servicePage(entry as ContentEntry<Service>)
      : draft.kind === 'areas'
        ? areaPage(entry as ContentEntry<Area>)
        : contentPage(entry as ContentEntry<Page>);
  const byRoute = new Map<string, Pick<SitePage, 'route' | 'breadcrumb'>>(site.byRoute);
  byRoute.set(page.route, page);
  page.trail = trailFor(page, site.parts.layout.profile.branches, byRoute);
  return { problems: images.problems, path, text, fieldAt, page };
}

/** Every problem `npm run check` would find in the draft's file, as one page of the site. */
export function checkDraft(draft: Draft, site: BuilderSite, render: RenderForLint): DraftCheck {
  const made = draftPage(draft, site);
  const { page } = made;
  if (!page) return made;
  const problems = [...made.problems, ...checkPage(page, targetsFor(site, page, draft.origin?.route))];
  const owner = site.byRoute.get(page.route);
  if (owner && page.route !== draft.origin?.route) problems.push(duplicateRoute(page, owner.path));
  problems.push(...lintDraft(page, made, site, render, draft.origin?.route));
  return { ...made, problems };
}

/** The lint's rules on the draft's page; the other routes take part only where a rule compares pages (unique titles). */
function lintDraft(page: SitePage, made: DraftCheck, site: BuilderSite, render: RenderForLint, replaces?: string): ContentProblem[] {
  const document = render(contentTemplate(contextFor({ parts: site.parts, images: site.images }, page)));
  const linted: LintedPage = { route: page.route, file: made.path, entry: page.entry, page, title: page.title, description: page.description, html: '', document };
  const others: LintedPage[] = site.data.routes
    .filter((facts) => facts.route !== replaces)
    .map((facts) => ({ route: facts.route, file: facts.path, entry: { lineOf: () => 1, bodyLineToFileLine: () => 1, body: null }, page: { template: 'standard' } as SitePage, title: facts.title, description: facts.description, html: '', document }));
  const slugs = (list: readonly { slug: string }[]) => list.map((item) => ({ data: { slug: item.slug } }));
  const context: LintContext = {
    site: { siteUrl: site.parts.layout.siteUrl, areas: slugs(site.data.areas), services: slugs(site.data.services) },
    pages: [linted],
    sources: SourceFiles.fromTexts(new Map([[made.path, made.text]])),
    options: { ...DEFAULT_LINT_OPTIONS },
  };
  const problems: ContentProblem[] = [];
  for (const rule of LINT_RULES) {
    // Only the rule that compares pages sees the others; the rest look at the draft alone.
    const pages = rule.id === 'unique-meta' ? [linted, ...others] : [linted];
    problems.push(...rule.run({ ...context, pages }).problems.filter((problem) => problem.file === made.path));
  }
  return problems;
}
