// The render stage's unit of work, the same on the main thread and in a worker: one page (or
// error page) of the site, rendered with its reads of the site-wide data recorded (see
// src/cache/track-reads.ts), so the result can be cached and checked on the next build.
import { createHash } from 'node:crypto';
import type { Assets } from '../render/context.ts';
import type { PageScripts } from '../render/page-scripts.ts';
import { outputPathFor, renderErrorPage, renderPageWithScripts } from '../render/render-site.tsx';
import type { SiteModel } from '../site/site-model.ts';
import { ReadTracker, type PathNode, type Reads } from '../cache/track-reads.ts';

/** renderSite's order: site.pages by index, then these two. */
export const NOT_FOUND_JOB = -1;
export const SERVER_ERROR_JOB = -2;

export interface RenderedPage {
  path: string;
  html: string;
  scripts: PageScripts;
}

/** A read path first seen by one renderer: its id there, its text form and the value found. */
export interface NewPath {
  id: number;
  text: string;
  value: unknown;
}

export interface JobResult {
  job: number;
  page: RenderedPage;
  /** The paths the render read, as this renderer's ids (see NewPath). */
  reads: Int32Array;
}

/** Long strings are compared by digest: the cache keeps a hash, not a copy, of a page's Markdown HTML that another page reads. */
export function fingerprint(value: unknown): unknown {
  return typeof value === 'string' && value.length > 64 ? `\u0000sha1:${createHash('sha1').update(value).digest('base64')}` : value;
}

export function outputPathOfJob(site: SiteModel, job: number): string {
  return job === NOT_FOUND_JOB ? '404.html' : job === SERVER_ERROR_JOB ? '500.html' : outputPathFor(site.pages[job]!.route);
}

/** All jobs of a site, in renderSite's order. */
export function allJobs(site: SiteModel): number[] {
  return [...site.pages.keys(), NOT_FOUND_JOB, SERVER_ERROR_JOB];
}

/**
 * Renders pages of one build's site with their reads recorded. One per thread per build: the
 * tracker's wrappers and the path ids are shared by all the pages it renders.
 */
export class JobRenderer {
  private readonly tracker = new ReadTracker();
  private readonly ids = new Map<PathNode, number>();
  private fresh: NewPath[] = [];
  private readonly site: SiteModel;
  private readonly assets: Assets;

  constructor(
    private readonly rawSite: SiteModel,
    rawAssets: Assets,
  ) {
    this.site = this.tracker.wrap('site', rawSite);
    this.assets = this.tracker.wrap('assets', rawAssets);
  }

  render(job: number): JobResult {
    const reads: Reads = new Map();
    const page = this.tracker.record(reads, () => {
      const { site, assets } = this;
      if (job === NOT_FOUND_JOB) return { path: '404.html', ...renderErrorPage(site, site.errorPages.notFound, assets) };
      if (job === SERVER_ERROR_JOB) return { path: '500.html', ...renderErrorPage(site, site.errorPages.serverError, assets) };
      // The page itself is passed as it is: what it holds comes from its own file, which the cache key covers.
      const sitePage = this.rawSite.pages[job]!;
      return { path: outputPathFor(sitePage.route), ...renderPageWithScripts(site, sitePage, assets) };
    });
    // React builds the document by concatenation: a tree of thousands of small strings, several
    // times the size of the text. Converting to a number flattens it in place (V8), so a build
    // holding thousands of pages holds each as one string.
    void (Number(page.html) as unknown);
    const ids = new Int32Array(reads.size);
    let i = 0;
    for (const [node, value] of reads) {
      let id = this.ids.get(node);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(node, id);
        this.fresh.push({ id, text: node.path, value: fingerprint(value) });
      }
      ids[i++] = id;
    }
    return { job, page, reads: ids };
  }

  /** The paths first seen since the last call. */
  takeNewPaths(): NewPath[] {
    const fresh = this.fresh;
    this.fresh = [];
    return fresh;
  }
}
