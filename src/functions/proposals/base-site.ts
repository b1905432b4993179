// The site as it is at the base commit, derived from the repository's files the way the build
// derives it from disk: every content file checked by checkEntry, assembled
// (src/kernel/content/assemble-content.ts) and cross-checked (deriveSite), then described as the
// build describes it to the builder (builder-data.ts). A proposed file is checked against it
// exactly as the builder checks a draft (check-proposal.ts). Kept in memory for the next request
// while the content is the same: a warm function derives it once.
import { renderToStaticMarkup } from 'react-dom/server';
import { checkEntry, type ImagePlan } from '../../kernel/check/check-entry.ts';
import { siteLint } from '../../kernel/check/site-lint.ts';
import {
  assembleContent,
  contentTargets,
  missingFolder,
  type CheckedContentFile,
} from '../../kernel/content/assemble-content.ts';
import { entryKind } from '../../kernel/content/collections.ts';
import { readLinesWith } from '../../kernel/content/entry.ts';
import { frontMatterLines } from '../../kernel/content/front-matter-lines.ts';
import { readEntry } from '../../kernel/content/read-entry.ts';
import {
  compareProblems,
  ContentError,
  formatProblems,
  type ContentProblem,
} from '../../kernel/errors/problems.ts';
import { imageFileProblem, type ImageReference } from '../../kernel/images/reference-checks.ts';
import type { ImageMap } from '../../kernel/images/responsive-image.ts';
import { parseDocument } from '../../kernel/lint/parse-html.ts';
import { LINT_ASSETS, sitePartsOf } from '../../kernel/render/page-parts.ts';
import { deriveSite } from '../../kernel/site/site-model.ts';
import {
  builderSiteData,
  reviveSiteData,
  type BuilderSite,
} from '../../kernel/wire/builder-data.ts';
import { libraryPathOf } from '../../kernel/wire/library-reference.ts';
import { failure } from '../http.ts';
import type { ContentSnapshot } from './backend.ts';

// Problems name their lines as the build's do: found with the `yaml` parser.
readLinesWith(frontMatterLines);

export const CONTENT_DIR = 'content';
const IMAGES_DIR = `${CONTENT_DIR}/images`;

export interface BaseSite {
  site: BuilderSite;
  /** The lint on one page, with the same rules as `npm run check`; `images`: the media library photos it shows, with their alt text. */
  lint(text: string, replaces?: string, images?: ImageMap): ReturnType<ReturnType<typeof siteLint>>;
  /** Plans a checked file's images: the photos in content/images/ at the base commit, and the media library's. */
  planImages(raster: readonly ImageReference[]): ImagePlan;
}

/** Renders to static HTML and parses it as the lint does (the browser reads its own DOM instead). */
const renderForLint = (element: Parameters<Parameters<typeof siteLint>[1]>[0]) =>
  parseDocument(`<body>${renderToStaticMarkup(element)}</body>`);

let kept: { key: string; site: Promise<BaseSite> } | undefined;

/** The base site for a snapshot: derived once per content, then kept. */
export function baseSite(
  snapshot: ContentSnapshot,
  readBlobs: (blobs: readonly string[]) => Promise<Map<string, string>>,
): Promise<BaseSite> {
  const key = [...snapshot.files].map(([path, blob]) => `${path}\0${blob}`).join('\n');
  if (kept?.key !== key) {
    const site = deriveBase(snapshot, readBlobs);
    kept = { key, site };
    site.catch(() => {
      if (kept?.site === site) kept = undefined;
    });
  }
  return kept.site;
}

async function deriveBase(
  snapshot: ContentSnapshot,
  readBlobs: (blobs: readonly string[]) => Promise<Map<string, string>>,
): Promise<BaseSite> {
  const prefix = `${CONTENT_DIR}/`;
  const planImages = imagePlanner(
    new Set([...snapshot.files.keys()].filter((path) => path.startsWith(`${IMAGES_DIR}/`))),
  );
  const { targets, missing } = contentTargets((dir) => {
    const names = [...snapshot.files.keys()]
      .filter((path) => path.startsWith(`${prefix}${dir}/`))
      .map((path) => path.slice(prefix.length + dir.length + 1));
    return names.length === 0 ? null : names.filter((name) => !name.includes('/'));
  });
  const texts = await readBlobs(
    targets
      .map(({ relative }) => snapshot.files.get(prefix + relative))
      .filter((blob) => blob !== undefined),
  );
  const files = await Promise.all(
    targets.map(async ({ relative, schema }): Promise<CheckedContentFile> => {
      const file = prefix + relative;
      const text = texts.get(snapshot.files.get(file) ?? '');
      if (text === undefined)
        return {
          schema,
          problems: [
            { code: 'missing-file', file, message: 'This file is required but could not be read.' },
          ],
          invalid: { names: [], routes: [] },
          planned: [],
          entry: null,
        };
      const checked = await checkEntry(readEntry(file, text), entryKind(schema), {
        imagesDir: IMAGES_DIR,
        planImages,
      });
      return {
        schema,
        problems: checked.problems,
        invalid: checked.invalid,
        planned: [...checked.images.values()],
        entry: checked.entry,
      };
    }),
  );
  const assembled = assembleContent(files, prefix);
  const problems = [
    ...missing.map((dir) => missingFolder(`${prefix}${dir}`)),
    ...assembled.problems,
  ];
  if (!assembled.content) throw siteProblems(problems);
  let derived;
  try {
    derived = deriveSite(
      assembled.content,
      { builtAt: new Date() },
      { problems, invalid: assembled.invalid },
    );
  } catch (error) {
    if (ContentError.is(error)) throw siteProblems(error.problems);
    throw error;
  }
  const site = reviveSiteData(
    builderSiteData(derived, sitePartsOf(derived, LINT_ASSETS), assembled.images),
  );
  const lint = siteLint(site, renderForLint);
  return {
    site,
    lint: (text, replaces, images) =>
      (images?.size
        ? siteLint({ ...site, images: new Map([...site.images, ...images]) }, renderForLint)
        : lint)(text, replaces),
    planImages,
  };
}

/** 409: the base itself does not pass the checks, and its first problem. */
function siteProblems(problems: readonly ContentProblem[]) {
  const first = [...problems].sort(compareProblems)[0];
  return failure(
    'site-has-problems',
    first
      ? formatProblems([first]).split('\n').filter(Boolean).slice(0, 3).join(' ')
      : 'a site-wide file is missing.',
  );
}

/**
 * The images a file may show: a photo in content/images/ at the base commit, or one from the
 * media library (a proposed file's are asked of the library, check-proposal.ts; the build fetches
 * them). Nothing is planned: the lint reads the page's <img> as it reads a <picture>'s.
 */
function imagePlanner(images: ReadonlySet<string>): BaseSite['planImages'] {
  return (raster) => {
    const problems: ContentProblem[] = [];
    for (const reference of raster) {
      if (libraryPathOf(reference.src) !== null) continue;
      const problem = imageFileProblem(reference, IMAGES_DIR, (inside) =>
        images.has(`${IMAGES_DIR}/${inside}`),
      );
      if (problem) problems.push(problem);
    }
    return { images: new Map(), problems };
  };
}
