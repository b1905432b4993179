// What the proposals function checks before anything reaches a branch: the path names a page's
// file, the page is the version it was opened from, and the file passes the build's own checks
// against the site at the base commit, with the same problems, codes, fields, lines and words as
// `npm run check -- --format json`; the media library photos it uses among them, read from the
// library as the build reads them (src/kernel/images/library-metadata.ts). It never trusts what
// the browser checked.
import { checkEntry } from '../../kernel/check/check-entry.ts';
import { canonicalText, notCanonical } from '../../kernel/content/canonical-document.ts';
import { PAGE_KINDS, pageKind, type PageKind } from '../../kernel/content/page-kinds.ts';
import { readEntry } from '../../kernel/content/read-entry.ts';
import { severityOf, type ContentProblem } from '../../kernel/errors/problems.ts';
import { checkLibraryPhotos, type LibrarySource } from '../../kernel/images/library-metadata.ts';
import type { ImageReference } from '../../kernel/images/reference-checks.ts';
import type { ImageMap } from '../../kernel/images/responsive-image.ts';
import { problemRecords } from '../../kernel/errors/report-formats.ts';
import type { SitePage } from '../../kernel/site/pages.ts';
import { siteTargets } from '../../kernel/wire/builder-data.ts';
import { libraryPathOf } from '../../kernel/wire/library-reference.ts';
import { failure, type ApiFailure } from '../http.ts';
import type { BaseSite } from './base-site.ts';

/** A file name as the builder makes them, and as a branch name may carry it. */
const FILE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

/** The kind of page the path's file makes; 400 in words for anything else. */
export function pageKindOf(path: string): PageKind {
  if (path.includes('\\'))
    throw failure('bad-path', `"${path}" contains a backslash: paths in the repository use "/".`);
  const segments = path.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..' || segment === ''))
    throw failure(
      'bad-path',
      `"${path}" has an empty, "." or ".." part: give the file's path from the repository's root, as content/pages/about.md.`,
    );
  const [root, folder, name, ...rest] = segments;
  const kinds = Object.keys(PAGE_KINDS) as PageKind[];
  if (root !== 'content' || rest.length > 0 || !folder || !name)
    throw failure(
      'bad-path',
      `"${path}" is not a page's file: pages are content/<folder>/<name>.md, in ${kinds.map((kind) => `content/${kind}/`).join(', ')}.`,
    );
  if (!kinds.includes(folder as PageKind))
    throw failure(
      'bad-path',
      `content/${folder}/ does not hold pages: the builder proposes files in ${kinds.map((kind) => `content/${kind}/`).join(', ')}.`,
    );
  if (!FILE_NAME.test(name))
    throw failure(
      'bad-path',
      `"${name}" is not a page's file name: lower-case letters, digits and hyphens, ending in ".md".`,
    );
  return folder as PageKind;
}

/** How long the admin waits for the media library to answer, per photo, before a 503. */
const LIBRARY_TIMEOUT_MS = 10_000;

/**
 * The file's page when it passes; else 422 with the problems `npm run check` reports in that file:
 * the content's (a library photo that is missing or has no alt text among them), which stop the
 * check before the lint; else the lint's, and the notice of a file not in the canonical format.
 * A media library that cannot say whether the file's photos may be used is 503, never a pass.
 */
export async function checkProposedFile(
  base: BaseSite,
  path: string,
  text: string,
  kind: PageKind,
  library: LibrarySource | undefined,
): Promise<SitePage> {
  const replaces = base.site.data.routes.find((facts) => facts.path === path)?.route;
  let fromLibrary: Awaited<ReturnType<typeof libraryPlan>> | undefined;
  // What the lint found, told apart from the content's problems: npm run check lints only content without any.
  const linted = new Set<ContentProblem>();
  const checked = await checkEntry(readEntry(path, text), pageKind(kind), {
    imagesDir: 'content/images',
    planImages: async (raster) => {
      const plan = base.planImages(raster);
      fromLibrary = await libraryPlan(raster, library);
      return {
        images: new Map([...plan.images, ...fromLibrary.images]),
        problems: [...plan.problems, ...fromLibrary.problems],
      };
    },
    site: siteTargets(base.site, replaces),
    lint: (page, file) => {
      // The page drawn as the build draws it, its library photos with their alt text.
      const found = base.lint(text, replaces, fromLibrary?.images)(page, file);
      found.forEach((problem) => linted.add(problem));
      return found;
    },
  });
  const stopping = checked.problems.filter((problem) => !linted.has(problem));
  // The content's own problems are worth correcting meanwhile; without any, the photos the library
  // could not answer for stop it (the lint would judge pages whose photos it could not see).
  if (fromLibrary?.unchecked && stopping.length === 0) throw fromLibrary.unchecked;
  const problems: ContentProblem[] =
    stopping.length > 0 ? stopping : [...checked.problems, ...canonicalNotice(path, text, kind)];
  const failing = problems.filter((problem) => severityOf(problem) !== 'notice').length;
  if (failing > 0 || !checked.page)
    throw failure('content-problems', failing).with({ problems: problemRecords(problems) });
  return checked.page;
}

/**
 * The library photos among the file's images, asked of the library: the problems of those that
 * cannot be used, the others with their alt text; and, when the library could not say of some,
 * the failure to answer with.
 */
async function libraryPlan(
  raster: readonly ImageReference[],
  library: LibrarySource | undefined,
): Promise<{ problems: ContentProblem[]; images: ImageMap; unchecked?: ApiFailure }> {
  if (!raster.some((reference) => libraryPathOf(reference.src) !== null))
    return { problems: [], images: new Map() };
  if (!library)
    return {
      problems: [],
      images: new Map(),
      unchecked: failure(
        'not-set-up',
        'FIREBASE_STORAGE_BUCKET is not set, so the media library photos this page uses cannot be checked.',
      ),
    };
  const { problems, images, unreachable } = await checkLibraryPhotos(raster, library, {
    timeoutMs: LIBRARY_TIMEOUT_MS,
  });
  return {
    problems,
    images,
    ...(unreachable ? { unchecked: failure('library-unreachable', unreachable) } : {}),
  };
}

function canonicalNotice(path: string, text: string, kind: PageKind): ContentProblem[] {
  const canonical = canonicalText(path, text, PAGE_KINDS[kind]);
  return canonical === null || canonical === text ? [] : [notCanonical(path)];
}
