import type { BreadcrumbList } from 'schema-dts';
import type { Crumb } from '../../site/pages.ts';

export function breadcrumbList(siteUrl: string, trail: readonly Crumb[]): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: `${siteUrl}${crumb.route === '/' ? '/' : crumb.route}`,
    })),
  };
}
