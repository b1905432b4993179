import type { Crumb } from '../site/pages.ts';

export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {trail.map((crumb, index) =>
          index === trail.length - 1 ? (
            <li key={crumb.route} aria-current="page">
              {crumb.label}
            </li>
          ) : (
            <li key={crumb.route}>
              <a href={crumb.route}>{crumb.label}</a>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
