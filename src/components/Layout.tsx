import type { ReactNode } from 'react';
import type { PageContext } from '../render/context.ts';
import { ContactSection } from './ContactSection.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { Sidebar } from './Sidebar.tsx';

/** The §2 layout. The home page turns off the header, sidebar and scroll-to-top. */
export function Layout({
  ctx,
  children,
  header = true,
  sidebar = true,
  scrollToTop = true,
}: {
  ctx: PageContext;
  children: ReactNode;
  header?: boolean;
  sidebar?: boolean;
  scrollToTop?: boolean;
}) {
  const { site, page } = ctx;
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      {header ? <Header nav={site.navigation} logo={ctx.logo} currentRoute={page.route} /> : null}
      <div className={sidebar ? 'page-layout with-sidebar' : 'page-layout'}>
        <main id="main-content" tabIndex={-1}>
          {children}
        </main>
        {sidebar ? <Sidebar sidebar={site.navigation.sidebar} currentRoute={page.route} /> : null}
      </div>
      {ctx.contact ? <ContactSection file={ctx.contact.file} details={ctx.contact.details} /> : null}
      <Footer footer={site.navigation.footer} year={site.builtAt.getFullYear()} />
      {scrollToTop ? <ScrollToTop /> : null}
    </>
  );
}
