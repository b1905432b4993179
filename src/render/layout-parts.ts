import type { IslandName } from '../islands/names.ts';
import type { SitePage } from '../site/pages.ts';

/** Which parts of the §2 layout a page has. The one place that decides, for the markup and the scripts. */
export interface LayoutParts {
  header: boolean;
  sidebar: boolean;
  scrollToTop: boolean;
  /** The smart contact section: every page but /contact, which shows the full details instead. */
  contact: boolean;
}

const CONTACT_ROUTE = '/contact';

/** The home page turns off the header, sidebar and scroll-to-top; the branch logos lead the way in. */
export function layoutParts(page: Pick<SitePage, 'route' | 'template'>): LayoutParts {
  const home = page.template === 'home';
  return { header: !home, sidebar: !home, scrollToTop: !home, contact: page.route !== CONTACT_ROUTE };
}

/** The islands a page with these parts contains: the only scripts it loads, besides the boot script. */
export function islandsOf(parts: LayoutParts): IslandName[] {
  const islands: IslandName[] = [];
  if (parts.header) islands.push('header');
  if (parts.sidebar) islands.push('sidebar');
  if (parts.contact) islands.push('contact');
  if (parts.scrollToTop) islands.push('scroll-top');
  return islands;
}
