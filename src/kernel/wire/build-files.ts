// The files every build writes for the browser to read, where they are and what they hold: the
// build files that say which build is live (read by every page's build checks and by /admin), and
// the content health /admin shows.
import type { ContentProblem } from '../errors/problems.ts';

/**
 * The build's own files, by their paths in the output folder. The build manifest and latest-build
 * file are the only two that say which build is live. An enum, so that the bundler writes each
 * value where it is used: a constant shared by the public pages' boot script and the admin screen
 * would otherwise become a script file of its own on every page.
 */
export enum BuildFile {
  Manifest = 'build-manifest.json',
  LatestBuild = 'latest-build.json',
  ContentHealth = 'content-health.json',
}

export interface BuildManifest {
  buildId: string;
  time: string;
  /**
   * The git commit the site was built from (Netlify's COMMIT_REF; locally the content's repository's
   * HEAD), when known: the builder says a published change is live once this commit contains it.
   */
  commit?: string;
  routes: string[];
  /** Hashed asset URL by entry name. */
  assets: Record<string, string>;
}

/** latest-build.json: the live build, fetched with a timestamp query so no cache answers. */
export type LatestBuild = Pick<BuildManifest, 'buildId' | 'time' | 'commit'>;

export interface PhotoUse {
  route: string;
  /** The content file that references it. */
  file: string;
}

/** Made of the content alone (no time, no build id: those are the manifest's), so a warm build writes what a cold one does. */
export interface ContentHealth {
  check: {
    /** Content files checked, routes made, photos checked (from content/images/ and from the media library). */
    files: number;
    routes: number;
    images: number;
    libraryPhotos: number;
    /** Always 0: a build with a content problem stops before anything is written. */
    problems: number;
  };
  lint: {
    pages: number;
    rules: { id: string; summary: string; checked: number; problems: number }[];
    /** The lint's problems: warnings, which do not stop the build. */
    warnings: Pick<ContentProblem, 'code' | 'file' | 'line' | 'field' | 'message'>[];
    /** Pages the build did not lint (more than it lints at once): `npm run check` lints them. */
    notLinted?: number;
  };
  /** Pages that use each library photo, by its path in the bucket ("media/kitchen.jpg"). */
  photos: Record<string, PhotoUse[]>;
  /** The services' names by slug: how the Enquiries section names the service an enquiry asks about. */
  services: Record<string, string>;
  /** Every page, by address, with its short name (its breadcrumb): what the Pages section lists, each with "Edit". */
  pages: { route: string; name: string }[];
}
