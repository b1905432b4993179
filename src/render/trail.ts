import type { SitePage } from '../site/pages.ts';
import type { SiteModel } from '../site/site-model.ts';
import type { Crumb } from './structured-data/breadcrumbs.ts';

/** Home, then the branch page for services and areas, then the page itself. */
export function trailFor(site: SiteModel, page: SitePage): Crumb[] {
  if (page.route === '/') return [{ label: 'Home', route: '/' }];
  const trail: Crumb[] = [{ label: 'Home', route: '/' }];
  if ((page.service || page.area) && page.branch) {
    const branch = site.profile.branches[page.branch];
    const branchPage = site.byRoute.get(branch.route);
    if (branchPage && branchPage.route !== page.route) trail.push({ label: branchPage.breadcrumb, route: branchPage.route });
  }
  trail.push({ label: page.breadcrumb, route: page.route });
  return trail;
}
