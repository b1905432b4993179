import type { NavModel } from '../site/navigation.ts';
import { ariaCurrent } from './Header.tsx';

export function Sidebar({ sidebar, currentRoute }: { sidebar: NavModel['sidebar']; currentRoute: string }) {
  return (
    <aside className="sidebar" aria-labelledby="sidebar-heading">
      <h2 id="sidebar-heading" className="sidebar-heading">
        {sidebar.heading}
      </h2>
      <ul className="sidebar-list">
        {sidebar.items.map((item) => (
          <li key={item.href}>
            <a href={item.href} aria-current={ariaCurrent(item.href, currentRoute)}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
