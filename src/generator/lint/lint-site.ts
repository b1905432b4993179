/**
 * The content lint: the site's editorial rules, checked on the pages as they render. Runs after
 * the content loads and cross-checks (checkSite); renders every page in memory with the real
 * templates, parses each once, and hands them to the rules. Pure apart from reading the content
 * files' text, to point each problem at its line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadedContent } from '../../kernel/content/collections.ts';
import type { ImageMap } from '../../kernel/images/responsive-image.ts';
import type { ContentProblem } from '../../kernel/errors/problems.ts';
import { LINT_ASSETS, sitePartsOf, type Assets } from '../../kernel/render/page-parts.ts';
import { renderJob, renderJobs, type RenderJob } from '../../kernel/render/render-page.tsx';
import { type RenderInput } from '../../kernel/render/page-context.tsx';
import type { SiteModel } from '../../kernel/site/site-model.ts';
import type { LintContext, LintedPage } from '../../kernel/lint/context.ts';
import { parseDocument } from '../../kernel/lint/parse-html.ts';
import { DEFAULT_LINT_OPTIONS, type LintOptions } from '../../kernel/lint/options.ts';
import { LINT_RULES } from '../../kernel/lint/rules.ts';
import { contentFiles, SourceFiles } from '../../kernel/lint/sources.ts';

export interface LintInput {
  content: LoadedContent;
  site: SiteModel;
  /** The folder the content files' names (in problems) are relative to: the project root for the CLI. */
  root: string;
  options?: Partial<LintOptions>;
  /** Run only these rules; all by default. */
  rules?: readonly string[];
  assets?: Assets;
  /** The build's planned images; none by default (images then render as plain <img>, as in Markdown). */
  images?: ImageMap;
  /** The content files' text; read from `root` when absent. */
  sources?: SourceFiles;
}

export interface RuleCount {
  id: string;
  summary: string;
  /** Pages the rule looked at. */
  checked: number;
  problems: number;
}

export interface LintReport {
  problems: ContentProblem[];
  rules: RuleCount[];
  /** Pages rendered and linted: the routes plus the 404 and 500 pages. */
  pages: number;
  milliseconds: number;
}

export async function lintSite(input: LintInput): Promise<LintReport> {
  const started = performance.now();
  const options: LintOptions = { ...DEFAULT_LINT_OPTIONS, ...input.options };
  const rules = input.rules
    ? LINT_RULES.filter((rule) => input.rules!.includes(rule.id))
    : LINT_RULES;
  const unknown = input.rules?.filter((id) => !LINT_RULES.some((rule) => rule.id === id)) ?? [];
  if (unknown.length > 0) throw new Error(`Unknown lint rule: ${unknown.join(', ')}`);

  const sources = input.sources ?? sourcesFromDisk(input.content, input.root);
  const context: LintContext = {
    site: input.site,
    pages: renderedPages(input.site, input.assets ?? LINT_ASSETS, input.images ?? new Map()),
    sources,
    options,
  };

  const problems: ContentProblem[] = [];
  const seen = new Set<string>();
  const counts: RuleCount[] = [];
  for (const rule of rules) {
    const result = rule.run(context);
    let count = 0;
    for (const problem of result.problems) {
      const key = JSON.stringify([
        problem.code,
        problem.file,
        problem.line,
        problem.field,
        problem.message,
      ]);
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(problem);
      count += 1;
    }
    counts.push({ id: rule.id, summary: rule.summary, checked: result.checked, problems: count });
  }
  return {
    problems,
    rules: counts,
    pages: context.pages.length,
    milliseconds: performance.now() - started,
  };
}

/** Every content file that loaded, read from disk when needed; `root` is the folder their names are relative to. */
export function sourcesFromDisk(content: LoadedContent, root: string): SourceFiles {
  return new SourceFiles(contentFiles(content), (file) => {
    try {
      return readFileSync(path.resolve(root, file), 'utf8');
    } catch {
      return undefined;
    }
  });
}

/** Renders the site with the real templates and pairs each page with its content entry. */
function renderedPages(site: SiteModel, assets: Assets, images: ImageMap): LintedPage[] {
  const input = { parts: sitePartsOf(site, assets), images };
  return renderJobs(site).map((job) => lintedPage(input, job));
}

/**
 * One page parsed for the rules (the build's content health lints only the pages that changed):
 * rendered here, or the HTML the build has just rendered for it, the same but for its asset names.
 */
export function lintedPage(input: RenderInput, job: RenderJob, rendered?: string): LintedPage {
  const html = rendered ?? renderJob(input, job).html;
  if ('page' in job) {
    const { page } = job;
    return {
      route: page.route,
      file: page.file,
      entry: page.entry,
      page,
      title: page.title,
      description: page.description,
      document: parseDocument(html),
    };
  }
  const { error } = job;
  return {
    route: `/${error.data.status}`,
    file: error.file,
    entry: error,
    title: error.data.title,
    description: error.data.message,
    document: parseDocument(html),
  };
}
