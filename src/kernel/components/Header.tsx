import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import type { LogoLink } from '../site/logo.ts';
import type { NavLink, NavModel } from '../site/navigation.ts';
import { ariaCurrent } from './aria-current.ts';
import {
  hidePopoverOnLink,
  useMediaQuery,
  useOutsidePointerDown,
  usePopoverOpen,
} from './browser-hooks.ts';
import {
  cacheBusted,
  DESKTOP_LAYOUT,
  HOVER_CLOSE_DELAY_MS,
  HOVER_LAYOUT,
  hoverLayoutNow,
  MENU_ID,
  type DropdownName,
  type DropdownProps,
  type OpenDropdown,
} from './header-parts.ts';

export interface HeaderProps {
  menu: Pick<NavModel, 'servicesMenu' | 'areasMenu' | 'links' | 'phone'>;
  logo: LogoLink;
  currentRoute: string;
}

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

/**
 * A disclosure: <details> so it works before (and without) JavaScript; once hydrated its open
 * state is React's. The summary is the toggle: Enter and Space click it, as for any button.
 */
function Dropdown({
  name,
  label,
  open,
  closeOnBlur,
  onToggle,
  onHover,
  onClose,
  onNativeToggle,
  onHoverAtStart,
  children,
}: DropdownProps) {
  const summaryRef = useRef<HTMLElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  // Opened before hydration: take over the state the visitor already chose. The islands wake at
  // the visitor's first move (src/apps/islands/wake.ts), which may already have brought the pointer
  // here: then it opens as on hover.
  useEffect(() => {
    const details = detailsRef.current;
    if (details?.open) onNativeToggle(true);
    else if (details?.matches(':hover') && hoverLayoutNow()) onHoverAtStart();
    // Only once, on hydration (.oxlintrc.json says why the handlers are left out).
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    // Handled here: Escape closes the dropdown, not the whole mobile menu around it.
    event.preventDefault();
    event.stopPropagation();
    onClose();
    summaryRef.current?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLDetailsElement>) => {
    // Desktop only: in the mobile menu the panels are in the flow, and closing one as focus
    // leaves would move the next toggle out from under the visitor's tap.
    if (
      !closeOnBlur ||
      !open ||
      event.relatedTarget === null ||
      event.currentTarget.contains(event.relatedTarget)
    )
      return;
    onClose();
  };
  const hover = (entering: boolean) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') onHover(entering);
  };
  return (
    <details
      ref={detailsRef}
      className="dropdown"
      data-dropdown={name}
      open={open}
      onToggle={(event) => {
        if (event.currentTarget.open !== open) onNativeToggle(event.currentTarget.open);
      }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onPointerEnter={hover(true)}
      onPointerLeave={hover(false)}
    >
      <summary
        ref={summaryRef}
        onClick={(event) => {
          event.preventDefault();
          onToggle();
        }}
      >
        {label}
      </summary>
      <div className="dropdown-panel">{children}</div>
    </details>
  );
}

/** A logo that fails to load is retried once, with a cache-busting query. */
function Logo({ src, alt }: { src: string; alt: string }) {
  const [current, setCurrent] = useState(src);
  const imgRef = useRef<HTMLImageElement>(null);
  const retry = useCallback(
    () => setCurrent((shown) => (shown === src ? cacheBusted(src) : shown)),
    [src],
  );
  // The image may have failed before the island hydrated, when no error handler was listening yet.
  useEffect(() => {
    const img = imgRef.current;
    if (img?.complete && img.naturalWidth === 0) retry();
  }, [retry]);
  return <img ref={imgRef} src={current} alt={alt} width={240} height={64} onError={retry} />;
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
