import type { ReactNode } from 'react';
import { DEFAULT_LOCATION } from '../schema/contact.ts';
import type { PageContext } from '../render/context.ts';
import { ContactSection } from './contact/ContactSection.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { Island } from './Island.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { Sidebar } from './Sidebar.tsx';

/** The layout: header, sidebar, the page, contact section, footer, scroll-to-top; ctx.parts says which parts this page has. The interactive parts are islands. */
export function Layout({ ctx, children }: { ctx: PageContext; children: ReactNode }) {
  const { page, parts } = ctx;
  const { navigation, profile, year } = ctx.site.layout;
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      {parts.header ? (
        <Island
          name="header"
          component={Header}
          props={{
            menu: { servicesMenu: navigation.servicesMenu, areasMenu: navigation.areasMenu, links: navigation.links, phone: navigation.phone },
            logo: ctx.logo,
            currentRoute: page.route,
          }}
        />
      ) : null}
      <div className={parts.sidebar ? 'page-layout with-sidebar' : 'page-layout'}>
        <main id="main-content" tabIndex={-1}>
          {children}
        </main>
        {parts.sidebar ? <Island name="sidebar" component={Sidebar} props={{ sidebar: navigation.sidebar, currentRoute: page.route }} /> : null}
      </div>
      {ctx.contact ? (
        <Island
          name="contact"
          component={ContactSection}
          props={{
            file: ctx.contact.file,
            details: ctx.contact.details,
            fallback: { phone: profile.telephoneDisplay, email: profile.email, location: DEFAULT_LOCATION },
          }}
        />
      ) : null}
      <Footer footer={navigation.footer} year={year}>
        {parts.scrollToTop ? <Island name="scroll-top" component={ScrollToTop} props={{}} /> : null}
      </Footer>
    </>
  );
}
