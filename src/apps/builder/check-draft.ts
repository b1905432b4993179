// The build's own checks on one draft: the file it would export goes through checkEntry
// (src/kernel/check/check-entry.ts) as every content file does, against the site the build
// described in builder-data.json, and its page is linted with the same rules as `npm run check`
// (src/kernel/check/site-lint.ts). Same codes, fields, lines and words as the build.
import { checkEntry, type CheckOptions, type ImagePlan } from '../../kernel/check/check-entry.ts';
import type { FormattedFile } from '../../kernel/content/canonical.ts';
import { pageKind } from '../../kernel/content/page-kinds.ts';
import type { FrontMatterLines } from '../../kernel/content/front-matter-lines.ts';
import type { RawEntry } from '../../kernel/content/read-entry.ts';
import type { ContentProblem } from '../../kernel/errors/problems.ts';
import {
  imageFileProblem,
  noSuchLibraryPhoto,
  type ImageReference,
} from '../../kernel/images/reference-checks.ts';
import type { SitePage } from '../../kernel/site/pages.ts';
import { siteTargets, type BuilderSite } from '../../kernel/wire/builder-data.ts';
import { libraryPathOf } from '../../kernel/wire/library-reference.ts';
import { cleanData, exportFile, exportPath, type Draft } from './draft.ts';

const IMAGES_DIR = 'content/images';

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

/** The lint's part of the checks, made by siteLint (src/kernel/check/site-lint.ts) for the file's text and the live page it replaces. */
export type DraftLint = (text: string, replaces?: string) => NonNullable<CheckOptions['lint']>;

/** The lint for a site's drafts, its module loaded when first asked for (src/apps/builder/lint-draft.ts). */
export const loadDraftLint = (site: BuilderSite): Promise<DraftLint> =>
  import('./lint-draft.ts').then(({ draftLint }) => draftLint(site));

/**
 * Every problem `npm run check` would find in the draft's file, as one page of the site; without
 * `lint`, every problem but the lint's (what the preview needs, on every keystroke).
 */
export async function checkDraft(
  draft: Draft,
  site: BuilderSite,
  lint?: DraftLint,
): Promise<DraftCheck> {
  const path = exportPath(draft);
  const file = exportFile(draft);
  const { text, lines } = file;
  const checked = await checkEntry(
    rawEntryOf(path, text, cleanData(draft.data), lines),
    pageKind(draft.kind),
    {
      imagesDir: IMAGES_DIR,
      lines,
      planImages: (raster) => knownImages(raster, site),
      site: siteTargets(site, draft.origin?.route),
      lint: lint?.(text, draft.origin?.route),
    },
  );
  return {
    problems: checked.problems,
    path,
    text,
    fieldAt: (line) => file.fieldAt(line),
    page: checked.page ?? undefined,
  };
}

/** The exported file split as the loader (gray-matter) splits it: the front matter's text from the end of the first "---", the body after the second, and the line the body starts on. */
function rawEntryOf(
  file: string,
  text: string,
  data: Record<string, unknown>,
  lines: FrontMatterLines,
): RawEntry {
  const end = text.indexOf('\n---\n', 3);
  const frontMatter = text.slice(3, end + 1);
  const bodyLine = text.slice(0, end + 5).split('\n').length;
  return { file, data, body: text.slice(end + 5), bodyLine, frontMatter, ...lines };
}

/**
 * The images a draft may show are those the build lists, and the media library's photos: one the
 * library does not have (deleted since a restored version used it, say) is the build's
 * library-photo-missing, in its words, found as the preview fetches it (LibraryImage.tsx), which
 * proposing and exporting wait for.
 */
function knownImages(raster: readonly ImageReference[], site: BuilderSite): ImagePlan {
  const problems: ContentProblem[] = [];
  for (const reference of raster) {
    const at = { file: reference.file, line: reference.line, field: reference.field };
    const photo = libraryPathOf(reference.src);
    if (photo !== null) {
      if (site.library?.missing.has(photo))
        problems.push({
          code: 'library-photo-missing',
          ...at,
          message: noSuchLibraryPhoto(photo, site.library.bucket),
        });
    } else {
      const problem = imageFileProblem(reference, IMAGES_DIR, (inside) =>
        site.images.has(`/images/${inside}`),
      );
      if (problem) problems.push(problem);
    }
  }
  return { images: site.images, problems };
}
