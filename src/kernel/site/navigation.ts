import type { ContentEntry } from '../content/entry.ts';
import type { Action, Area, BusinessProfile, Navigation, Service } from '../schema/index.ts';
import { areaRoute, serviceRoute } from './pages.ts';

export interface NavLink {
  label: string;
  href: string;
}

/** Everything the header, sidebar and footer show, computed once per build. */
export interface NavModel {
  servicesMenu: { label: string; href: string; items: NavLink[] }[];
  areasMenu: NavLink[];
  links: NavLink[];
  phone: NavLink;
  email: NavLink;
  sidebar: { heading: string; items: NavLink[] };
  footer: { links: NavLink[]; social: NavLink[]; copyrightHolder: string };
}

export function buildNavigation(
  navigation: Navigation,
  services: readonly ContentEntry<Service>[],
  areas: readonly ContentEntry<Area>[],
  profile: BusinessProfile,
): NavModel {
  const serviceLink = (service: Service): NavLink => ({
    label: service.name,
    href: serviceRoute(service),
  });
  const link = (action: Action): NavLink => ({ label: action.label, href: action.href });
  return {
    servicesMenu: navigation.servicesMenu.map((group) => ({
      label: group.label,
      href: group.href,
      items: services
        .filter((entry) => entry.data.branch === group.branch)
        .map((entry) => serviceLink(entry.data)),
    })),
    areasMenu: areas
      .filter((entry) => entry.data.inNavigation)
      .map((entry) => ({ label: entry.data.name, href: areaRoute(entry.data) })),
    links: navigation.links.map(link),
    phone: { label: profile.telephoneDisplay, href: `tel:${profile.telephone}` },
    email: { label: profile.email, href: `mailto:${profile.email}` },
    sidebar: {
      heading: navigation.sidebar.heading,
      items: [
        ...services.map((entry) => serviceLink(entry.data)),
        ...navigation.sidebar.extra.map(link),
      ],
    },
    footer: {
      links: navigation.footer.links.map(link),
      social: [
        { label: 'Instagram', href: profile.social.instagram },
        { label: 'Facebook', href: profile.social.facebook },
      ],
      copyrightHolder: profile.legalName,
    },
  };
}
