import type { Branch } from '../schema/index.ts';
import type { OgImage } from '../../generator/images/og-images.tsx';
import type { ImageMap } from '../../generator/images/responsive-images.ts';
import type { LogoLink } from '../site/logo.ts';
import type { Crumb, SitePage } from '../site/pages.ts';
import type { ResolvedContact } from '../site/site-model.ts';
import type { LayoutParts } from './layout-parts.ts';
import type { SiteParts } from './page-parts.ts';

/** Hashed asset URLs: the bundle stage's stylesheet and scripts, and the images stage's files. */
export interface Assets {
  stylesheet: string;
  /** The block builder screens' own stylesheet, linked by their pages only. */
  builderStylesheet?: string;
  /** Script URL by entry name, for example "boot" or "header". */
  scripts: Readonly<Record<string, string>>;
  /** Each script entry's static imports (shared chunks such as React), by entry name: preloaded with it. */
  imports?: Readonly<Record<string, readonly string[]>>;
  /** The responsive variants of the raster images content references, by their "/images/…" path. */
  images?: ImageMap;
  /** Each branch's Open Graph image; pages have no og:image without it. */
  og?: Readonly<Partial<Record<Branch, OgImage>>>;
}

/**
 * What a template receives: its page, and of the site only the parts the page reads
 * (src/kernel/render/page-parts.ts), with what was derived for its path.
 */
export interface PageContext {
  site: Partial<SiteParts> & Pick<SiteParts, 'layout'>;
  page: SitePage;
  /** The build's planned images: a page shows those its own content names. */
  images: ImageMap;
  logo: LogoLink;
  trail: readonly Crumb[];
  /** Which parts of the layout this page has (and so which islands). */
  parts: LayoutParts;
  /** The contact file shown in the smart contact section, or null where the page has none. */
  contact: { file: string; details: ResolvedContact } | null;
}
