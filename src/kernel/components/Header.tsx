import { useCallback, useEffect, useRef, useState } from 'react';
import type { LogoLink } from '../site/logo.ts';
import type { NavLink, NavModel } from '../site/navigation.ts';
import { ariaCurrent } from './aria-current.ts';
import {
  hidePopoverOnLink,
  useMediaQuery,
  useOutsidePointerDown,
  usePopoverOpen,
} from './browser-hooks.ts';
import { Dropdown, HOVER_LAYOUT, hoverLayoutNow, type DropdownName } from './HeaderDropdown.tsx';
import { Logo } from './HeaderLogo.tsx';

export interface HeaderProps {
  menu: Pick<NavModel, 'servicesMenu' | 'areasMenu' | 'links' | 'phone'>;
  logo: LogoLink;
  currentRoute: string;
}

/** How a dropdown was opened: a hover opening closes when the pointer leaves, a click opening stays. */
type OpenDropdown = { name: DropdownName; by: 'hover' | 'click' } | null;

/** The desktop layout, where the dropdown panels hang over the page instead of pushing it down. */
const DESKTOP_LAYOUT = '(min-width: 64em)';
/** Crossing the gap between a summary and its panel must not close it. */
const HOVER_CLOSE_DELAY_MS = 150;
const MENU_ID = 'site-menu';

/**
 * The site header, the same component on the server and in the browser (the "header" island).
 * Without JavaScript it already works: the dropdowns are <details>, and the mobile menu is a
 * popover (the browser closes it on an outside click or Escape). Hydrated, the dropdowns also
 * open on hover, close on Escape (focus back on their toggle), an outside click or Tab away;
 * the menu closes when a link is followed; a logo that fails to load is retried once.
 */
export function Header({ menu, logo, currentRoute }: HeaderProps) {
  const [open, setOpen] = useState<OpenDropdown>(null);
  const navRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const hoverLayout = useMediaQuery(HOVER_LAYOUT);
  const desktopLayout = useMediaQuery(DESKTOP_LAYOUT);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const menuOpen = usePopoverOpen(navRef);

  const close = useCallback(() => setOpen(null), []);
  useOutsidePointerDown(navRef, open !== null, close);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // Focus moves into the mobile menu when it opens, and back to its button when it closes.
  useEffect(() => {
    if (menuOpen) closeButtonRef.current?.focus();
    else if (navRef.current?.contains(document.activeElement) && !hoverLayoutNow())
      menuButtonRef.current?.focus();
  }, [menuOpen]);

  const dropdownProps = (name: DropdownName) => ({
    name,
    open: open?.name === name,
    closeOnBlur: desktopLayout,
    onToggle: () =>
      setOpen((current) =>
        current?.name === name && current.by === 'click' ? null : { name, by: 'click' },
      ),
    onHover: (entering: boolean) => {
      if (!hoverLayout) return;
      clearTimeout(closeTimer.current);
      if (entering)
        setOpen((current) => (current?.name === name ? current : { name, by: 'hover' }));
      else
        closeTimer.current = setTimeout(
          () =>
            setOpen((current) =>
              current?.name === name && current.by === 'hover' ? null : current,
            ),
          HOVER_CLOSE_DELAY_MS,
        );
    },
    onClose: close,
    // The pointer was already on it when the island woke: as if it had just come in.
    onHoverAtStart: () => setOpen((current) => current ?? { name, by: 'hover' }),
    // The browser opened or closed it itself: a click before the island hydrated, or find-in-page.
    onNativeToggle: (isOpen: boolean) =>
      setOpen((current) =>
        isOpen
          ? current?.name === name
            ? current
            : { name, by: 'click' }
          : current?.name === name
            ? null
            : current,
      ),
  });

  return (
    <header className="site-header">
      <div className="header-inner">
        <a className="logo" href={logo.href} data-branch={logo.branch}>
          <Logo src={logo.src} alt={`${logo.name} home`} />
        </a>
        <button
          ref={menuButtonRef}
          type="button"
          className="menu-button"
          popoverTarget={MENU_ID}
          aria-label="Open menu"
        >
          <span className="menu-icon" aria-hidden="true" />
          <span className="menu-label">Menu</span>
        </button>
        <nav
          ref={navRef}
          id={MENU_ID}
          className="site-nav"
          popover="auto"
          aria-label="Main"
          onClick={(event) => hidePopoverOnLink(event.target, navRef.current) && setOpen(null)}
        >
          <button
            ref={closeButtonRef}
            type="button"
            className="menu-close"
            popoverTarget={MENU_ID}
            popoverTargetAction="hide"
          >
            Close menu
          </button>
          <ul className="nav-list">
            <li className="nav-item">
              <Dropdown label="Our Services" {...dropdownProps('services')}>
                {menu.servicesMenu.map((group) => (
                  <div className="dropdown-group" key={group.href}>
                    <a
                      className="dropdown-group-link"
                      href={group.href}
                      aria-current={ariaCurrent(group.href, currentRoute)}
                    >
                      {group.label}
                    </a>
                    <LinkList links={group.items} currentRoute={currentRoute} />
                  </div>
                ))}
              </Dropdown>
            </li>
            <li className="nav-item">
              <Dropdown label="Areas Covered" {...dropdownProps('areas')}>
                <LinkList links={menu.areasMenu} currentRoute={currentRoute} />
              </Dropdown>
            </li>
            {menu.links.map((link) => (
              <li className="nav-item" key={link.href}>
                <a
                  className="nav-link"
                  href={link.href}
                  aria-current={ariaCurrent(link.href, currentRoute)}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <a
            className="phone-link"
            href={menu.phone.href}
            aria-label={`Call us on ${menu.phone.label}`}
          >
            {menu.phone.label}
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
