import { useRef } from 'react';
import type { NavModel } from '../site/navigation.ts';
import { hidePopoverOnLink, usePopoverOpen } from './browser-hooks.ts';
import { ariaCurrent } from './aria-current.ts';

export interface SidebarProps {
  sidebar: NavModel['sidebar'];
  currentRoute: string;
}

const PANEL_ID = 'sidebar-panel';

/**
 * The services sidebar (the "sidebar" island). On wide screens the list always shows beside the
 * page. On narrow ones it is a panel the toggle opens: a popover, so it opens and closes on an
 * outside click or Escape even before (or without) JavaScript; hydrated, it also closes when a
 * link in it is followed, and the aside carries its open or closed state.
 */
export function Sidebar({ sidebar, currentRoute }: SidebarProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const open = usePopoverOpen(panelRef);
  return (
    <aside
      className="sidebar"
      aria-labelledby="sidebar-heading"
      data-state={open ? 'open' : 'closed'}
    >
      <h2 id="sidebar-heading" className="sidebar-heading">
        {sidebar.heading}
      </h2>
      <button type="button" className="sidebar-toggle" popoverTarget={PANEL_ID}>
        Show the list of services
      </button>
      <div
        ref={panelRef}
        id={PANEL_ID}
        className="sidebar-panel"
        popover="auto"
        onClick={(event) => hidePopoverOnLink(event.target, panelRef.current)}
      >
        <button
          type="button"
          className="sidebar-close"
          popoverTarget={PANEL_ID}
          popoverTargetAction="hide"
        >
          Close the list
        </button>
        <ul className="sidebar-list">
          {sidebar.items.map((item) => (
            <li key={item.href}>
              <a href={item.href} aria-current={ariaCurrent(item.href, currentRoute)}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
