import type { LogoLink } from '../site/logo.ts';
import type { NavLink, NavModel } from '../site/navigation.ts';

/**
 * The site header. Without JavaScript it already works: the dropdowns are <details>, and the
 * mobile menu is a popover (the browser closes it on an outside click or Escape).
 */
export function Header({ nav, logo, currentRoute }: { nav: NavModel; logo: LogoLink; currentRoute: string }) {
  return (
    <header className="site-header">
      <div className="header-inner">
        <a className="logo" href={logo.href} data-branch={logo.branch}>
          <img src={logo.src} alt={`${logo.name} home`} width={240} height={64} />
        </a>
        <button type="button" className="menu-button" popoverTarget="site-menu" aria-label="Open menu">
          <span className="menu-icon" aria-hidden="true" />
          <span className="menu-label">Menu</span>
        </button>
        <nav id="site-menu" className="site-nav" popover="auto" aria-label="Main">
          <button type="button" className="menu-close" popoverTarget="site-menu" popoverTargetAction="hide">
            Close menu
          </button>
          <ul className="nav-list">
            <li className="nav-item">
              <details className="dropdown" data-dropdown="services">
                <summary>Our Services</summary>
                <div className="dropdown-panel">
                  {nav.servicesMenu.map((group) => (
                    <div className="dropdown-group" key={group.href}>
                      <a className="dropdown-group-link" href={group.href} aria-current={ariaCurrent(group.href, currentRoute)}>
                        {group.label}
                      </a>
                      <LinkList links={group.items} currentRoute={currentRoute} />
                    </div>
                  ))}
                </div>
              </details>
            </li>
            <li className="nav-item">
              <details className="dropdown" data-dropdown="areas">
                <summary>Areas Covered</summary>
                <div className="dropdown-panel">
                  <LinkList links={nav.areasMenu} currentRoute={currentRoute} />
                </div>
              </details>
            </li>
            {nav.links.map((link) => (
              <li className="nav-item" key={link.href}>
                <a className="nav-link" href={link.href} aria-current={ariaCurrent(link.href, currentRoute)}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <a className="phone-link" href={nav.phone.href}>
            <span className="visually-hidden">Call us on </span>
            {nav.phone.label}
          </a>
        </nav>
      </div>
    </header>
  );
}

function LinkList({ links, currentRoute }: { links: readonly NavLink[]; currentRoute: string }) {
  return (
    <ul className="dropdown-list">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} aria-current={ariaCurrent(link.href, currentRoute)}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ariaCurrent(href: string, currentRoute: string): 'page' | undefined {
  return href === currentRoute ? 'page' : undefined;
}
