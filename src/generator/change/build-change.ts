// Which pages a content change alters, as the build sees them: the base commit's content is built
// into an output folder, then the working tree's into the same folder with the same cache, as a
// second build after a first. The output folder knows each file's digest, so the second build
// writes only the pages whose HTML differs (BuildReport.changedPages): those are the pages the
// change altered, whatever file it touched (a page's own file, a menu's name in another, the
// business profile, a photo). Both builds use the same generator code, clock and settings, so
// nothing but the content can tell them apart.
import path from 'node:path';
import { rm } from 'node:fs/promises';
import type { BuildReport, SiteOptions } from '../build-types.ts';
import { ContentError } from '../../kernel/errors/problems.ts';
import { checkOutContent } from './base-content.ts';

/** Opens a build session on these folders, every other setting the same for both builds. */
export type OpenSite = (
  folders: Required<Pick<SiteOptions, 'contentDir' | 'outDir'>>,
) => Promise<{ build(): Promise<BuildReport> }>;

export interface ChangeBuild {
  /** The commit the change is compared with. */
  base: string;
  /** The output folder: the working tree's site. */
  outDir: string;
  /** The working tree's build: its pages, and those it wrote. */
  report: BuildReport;
  /** Why the base's content did not build, when it did not: then every page counts as altered. */
  baseFailed?: string;
}

export interface ChangeBuildOptions {
  projectRoot: string;
  /** The working tree's content folder: <projectRoot>/content. */
  contentDir: string;
  /** The base: a branch, tag or commit git knows. */
  base: string;
  /** Where the base's content and the output folder go (emptied first): <cache>/check-change. */
  workDir: string;
  open: OpenSite;
}

/** Builds the base's content, then the working tree's over it; the second build's report says which pages changed. */
export async function buildChange({
  projectRoot,
  contentDir,
  base,
  workDir,
  open,
}: ChangeBuildOptions): Promise<ChangeBuild> {
  const outDir = path.join(workDir, 'site');
  const baseContent = path.join(workDir, 'base', 'content');
  // A folder left by another run (another base) would hide what this change altered.
  await rm(outDir, { recursive: true, force: true });
  const commit = await checkOutContent({ projectRoot, contentDir, ref: base, into: baseContent });
  let baseFailed: string | undefined;
  try {
    await (await open({ contentDir: baseContent, outDir })).build();
  } catch (error) {
    if (!ContentError.is(error)) throw error;
    // The base is broken (the change may be its fix): nothing to compare with, so every page is
    // checked. A failed build wrote nothing, so the next one starts from an empty folder.
    baseFailed = `the base's content has ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'} and does not build`;
  }
  const report = await (await open({ contentDir, outDir })).build();
  return { base: commit, outDir, report, ...(baseFailed === undefined ? {} : { baseFailed }) };
}
