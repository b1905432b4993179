// What the per-route tests check, read from the rendered page in one round trip. The pages are
// static and fully loaded when this runs, so one snapshot is as good as auto-waiting locators
// and much cheaper on a busy machine (40 routes, twice).
import type { Page } from '@playwright/test';

export interface PageFacts {
  title: string;
  lang: string | null;
  robots: string | null;
  h1: { count: number; visible: boolean };
  mainVisible: boolean;
  mainText: string;
  jsonLd: string[];
  header: {
    present: boolean;
    visible: boolean;
    logoHref: string | null;
    menuButtonVisible: boolean;
  };
  sidebar: { present: boolean; visible: boolean };
  scrollTop: { present: boolean; href: string | null };
  contact: {
    present: boolean;
    visible: boolean;
    cardHeadings: string[];
    phoneVisible: boolean;
    emailVisible: boolean;
    location: string;
  };
  mainContactLinks: { phoneVisible: boolean; emailVisible: boolean };
  footer: { visible: boolean; copyright: string; links: Record<string, string | null> };
  /** Pixels the document is wider than the viewport (horizontal scrolling). */
  horizontalOverflow: number;
}

export function pageFacts(page: Page): Promise<PageFacts> {
  return page.evaluate((): PageFacts => {
    const visible = (element: Element | null | undefined): boolean => {
      if (!element) return false;
      const rect = element.getBoundingClientRect();
      return (
        rect.width > 0 &&
        rect.height > 0 &&
        element.checkVisibility({ visibilityProperty: true, opacityProperty: true })
      );
    };
    const text = (element: Element | null | undefined) =>
      (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const one = (selector: string) => document.querySelector(selector);
    const header = one('header.site-header');
    const contact = one('section.contact-section');
    const footer = one('footer.site-footer');
    const main = one('main#main-content');
    const footerLinks: Record<string, string | null> = {};
    for (const link of footer?.querySelectorAll('a') ?? [])
      footerLinks[text(link)] = link.getAttribute('href');
    const cards = [...(contact?.querySelectorAll('.contact-card') ?? [])];
    const h1s = [...document.querySelectorAll('main h1')];
    return {
      title: document.title,
      lang: document.documentElement.getAttribute('lang'),
      robots: one('meta[name="robots"]')?.getAttribute('content') ?? null,
      h1: { count: h1s.length, visible: h1s.length > 0 && h1s.every((h1) => visible(h1)) },
      mainVisible: visible(main),
      mainText: text(main),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => script.textContent ?? '',
      ),
      header: {
        present: header !== null,
        visible: visible(header),
        logoHref: header?.querySelector('a.logo')?.getAttribute('href') ?? null,
        menuButtonVisible: visible(header?.querySelector('button.menu-button')),
      },
      sidebar: { present: one('aside.sidebar') !== null, visible: visible(one('aside.sidebar')) },
      scrollTop: {
        present: one('a.scroll-top') !== null,
        href: one('a.scroll-top')?.getAttribute('href') ?? null,
      },
      contact: {
        present: contact !== null,
        visible: visible(contact),
        cardHeadings: cards.map((card) => text(card.querySelector('h3'))),
        phoneVisible: visible(cards[0]?.querySelector('a[href^="tel:"]')),
        emailVisible: visible(cards[1]?.querySelector('a[href^="mailto:"]')),
        location: text(cards[2]?.querySelector('p')),
      },
      mainContactLinks: {
        phoneVisible: visible(main?.querySelector('a[href^="tel:"]')),
        emailVisible: visible(main?.querySelector('a[href^="mailto:"]')),
      },
      footer: {
        visible: visible(footer),
        copyright: text(footer?.querySelector('.copyright')),
        links: footerLinks,
      },
      horizontalOverflow:
        document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}
