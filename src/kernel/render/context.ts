import type { ImageMap } from '../images/responsive-image.ts';
import type { LogoLink } from '../site/logo.ts';
import type { Crumb, SitePage } from '../site/pages.ts';
import type { ResolvedContact } from '../site/site-model.ts';
import type { LayoutParts } from './layout-parts.ts';
import type { SiteParts } from './page-parts.ts';

/**
 * Everything the layout around a page's content shows (Layout.tsx): the page's route and which
 * parts it has, its logo and contact file, and the site's navigation, profile and year. Nothing
 * else of the page reaches the layout, so pages alike in these share one rendering of it
 * (page-frame.tsx).
 */
export interface LayoutFrame {
  route: string;
  parts: LayoutParts;
  logo: LogoLink;
  contact: PageContext['contact'];
  site: Pick<SiteParts['layout'], 'navigation' | 'profile' | 'year'>;
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
  /**
   * The builder's preview only: each block starts with an empty `<template data-block="<index>">`,
   * which shows nothing, so the preview can find the block being edited. Never set for a built page.
   */
  markBlocks?: boolean;
}
