import type { ReactNode } from 'react';
import type { NavModel } from '../site/navigation.ts';

/** `children`: the back-to-top link, inside the footer landmark so that it is never content outside one when it floats. */
export function Footer({
  footer,
  year,
  children,
}: {
  footer: NavModel['footer'];
  year: number;
  children?: ReactNode;
}) {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <nav aria-label="Footer">
          <ul className="footer-links">
            {footer.links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        {/* A labelled landmark: an aria-label on the bare list is not reliably announced. */}
        <nav aria-label="Follow us">
          <ul className="social-links">
            {footer.social.map((link) => (
              <li key={link.href}>
                <a href={link.href} rel="me noopener">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="copyright">
          © {year} {footer.copyrightHolder}. All rights reserved.
        </p>
      </div>
      {children}
    </footer>
  );
}
