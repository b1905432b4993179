// What the proposals function checks before anything reaches a branch: the path names a page's
// file, the page is the version it was opened from, and the file passes the build's own checks
// against the site at the base commit, with the same problems, codes, fields, lines and words as
// `npm run check -- --format json`. It never trusts what the browser checked.
import { checkEntry } from '../../kernel/check/check-entry.ts';
import { canonicalText, notCanonical } from '../../kernel/content/canonical-document.ts';
import { PAGE_KINDS, pageKind, type PageKind } from '../../kernel/content/page-kinds.ts';
import { readEntry } from '../../kernel/content/read-entry.ts';
import { severityOf, sourceOf, type ContentProblem } from '../../kernel/errors/problems.ts';
import { problemRecords } from '../../kernel/errors/report-formats.ts';
import type { SitePage } from '../../kernel/site/pages.ts';
import { siteTargets } from '../../kernel/wire/builder-data.ts';
import { failure } from '../http.ts';
import type { BaseSite } from './base-site.ts';

/** A file name as the builder makes them, and as a branch name may carry it. */
const FILE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

/** The kind of page the path's file makes; 400 in words for anything else. */
export function pageKindOf(path: string): PageKind {
  if (path.includes('\\')) throw failure('bad-path', `"${path}" contains a backslash: paths in the repository use "/".`);
  const segments = path.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..' || segment === '')) throw failure('bad-path', `"${path}" has an empty, "." or ".." part: give the file's path from the repository's root, as content/pages/about.md.`);
  const [root, folder, name, ...rest] = segments;
  const kinds = Object.keys(PAGE_KINDS) as PageKind[];
  if (root !== 'content' || rest.length > 0 || !folder || !name) throw failure('bad-path', `"${path}" is not a page's file: pages are content/<folder>/<name>.md, in ${kinds.map((kind) => `content/${kind}/`).join(', ')}.`);
  if (!kinds.includes(folder as PageKind)) throw failure('bad-path', `content/${folder}/ does not hold pages: the builder proposes files in ${kinds.map((kind) => `content/${kind}/`).join(', ')}.`);
  if (!FILE_NAME.test(name)) throw failure('bad-path', `"${name}" is not a page's file name: lower-case letters, digits and hyphens, ending in ".md".`);
  return folder as PageKind;
}

/**
 * The file's page when it passes; else 422 with the problems `npm run check` reports in that file:
 * the content's, which stop the check before the lint; else the lint's, and the notice of a file
 * not in the canonical format.
 */
export async function checkProposedFile(base: BaseSite, path: string, text: string, kind: PageKind): Promise<SitePage> {
  const replaces = base.site.data.routes.find((facts) => facts.path === path)?.route;
  const checked = await checkEntry(readEntry(path, text), pageKind(kind), {
    imagesDir: 'content/images',
    planImages: base.planImages,
    site: siteTargets(base.site, replaces),
    lint: base.lint(text, replaces),
  });
  const stopping = checked.problems.filter((problem) => sourceOf(problem) !== 'lint');
  const problems: ContentProblem[] = stopping.length > 0 ? stopping : [...checked.problems, ...canonicalNotice(path, text, kind)];
  if (problems.some((problem) => severityOf(problem) !== 'notice') || !checked.page) {
    const failing = problems.filter((problem) => severityOf(problem) !== 'notice').length;
    throw failure('content-problems', failing).with({ problems: problemRecords(problems) });
  }
  return checked.page;
}

function canonicalNotice(path: string, text: string, kind: PageKind): ContentProblem[] {
  const canonical = canonicalText(path, text, PAGE_KINDS[kind]);
  return canonical === null || canonical === text ? [] : [notCanonical(path)];
}
