import type { ReactNode } from 'react';
import { DEFAULT_LOCATION } from '../schema/contact.ts';
import type { LayoutFrame } from '../render/context.ts';
import { ContactSection } from './contact/ContactSection.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { Island } from './Island.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { Sidebar } from './Sidebar.tsx';

/** The layout around a page's content: header, sidebar, the page, contact section, footer, scroll-to-top; frame.parts says which parts this page has. The interactive parts are islands. */
export function Layout({ frame, children }: { frame: LayoutFrame; children: ReactNode }) {
  const { route, parts, logo, contact } = frame;
  const { navigation, profile, year } = frame.site;
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
            menu: {
              servicesMenu: navigation.servicesMenu,
              areasMenu: navigation.areasMenu,
              links: navigation.links,
              phone: navigation.phone,
            },
            logo,
            currentRoute: route,
          }}
        />
      ) : null}
      <div className={parts.sidebar ? 'page-layout with-sidebar' : 'page-layout'}>
        <main id="main-content" tabIndex={-1}>
          {children}
        </main>
        {parts.sidebar ? (
          <Island
            name="sidebar"
            component={Sidebar}
            props={{ sidebar: navigation.sidebar, currentRoute: route }}
          />
        ) : null}
      </div>
      {contact ? (
        <Island
          name="contact"
          component={ContactSection}
          props={{
            file: contact.file,
            details: contact.details,
            fallback: {
              phone: profile.telephoneDisplay,
              email: profile.email,
              location: DEFAULT_LOCATION,
            },
          }}
        />
      ) : null}
      <Footer footer={navigation.footer} year={year}>
        {parts.scrollToTop ? <Island name="scroll-top" component={ScrollToTop} props={{}} /> : null}
      </Footer>
    </>
  );
}
