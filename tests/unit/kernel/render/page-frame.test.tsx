// Every page is its own part placed in a layout rendered once for many pages: its HTML must be,
// byte for byte, what rendering the page whole in its layout gives.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Document } from '../../../../src/kernel/components/Document.tsx';
import { Layout } from '../../../../src/kernel/components/Layout.tsx';
import type { LayoutFrame } from '../../../../src/kernel/render/context.ts';
import {
  contextFor,
  layoutFrameOf,
  ownContent,
  type RenderInput,
} from '../../../../src/kernel/render/page-context.tsx';
import { framedDocument } from '../../../../src/kernel/render/page-frame.tsx';
import { LINT_ASSETS, sitePartsOf } from '../../../../src/kernel/render/page-parts.ts';
import type { SiteModel } from '../../../../src/kernel/site/site-model.ts';
import { loadSite, REAL_CONTENT } from '../../../support/sites.ts';

let site: SiteModel;
let input: RenderInput;
beforeAll(async () => {
  ({ site } = await loadSite(REAL_CONTENT));
  input = { parts: sitePartsOf(site, LINT_ASSETS), images: new Map() };
}, 60_000);

/** A document whose head tells the pages apart. */
const documentFor = (title: string) => (body: ReactNode) => (
  <Document
    title={title}
    description={`About ${title}`}
    canonical={`https://example.test/${title}`}
    noindex={false}
    stylesheet="/site.css"
  >
    {body}
  </Document>
);
const whole = (frame: LayoutFrame, title: string, content: ReactNode) =>
  `<!doctype html>${renderToString(documentFor(title)(<Layout frame={frame}>{content}</Layout>))}`;

describe('a page placed in its layout', () => {
  it('is the page rendered whole, for every page of the site: its route in the islands, its logo, contact section, current menu link and head', () => {
    expect(site.pages.length).toBeGreaterThan(30);
    for (const page of site.pages) {
      const ctx = contextFor(input, page);
      const frame = layoutFrameOf(ctx);
      expect(framedDocument(frame, documentFor(page.title), ownContent(ctx)), page.route).toBe(
        whole(frame, page.title, ownContent(ctx)),
      );
    }
  });

  it('keeps the preloads of the layout’s logo ahead of those of the page’s own images, in the head', () => {
    const ctx = contextFor(
      input,
      site.pages.find((page) => page.route === '/about')!,
    );
    const content = (
      <p>
        <img src="/images/own-photo.jpg" alt="The team at work" />
      </p>
    );
    const html = framedDocument(layoutFrameOf(ctx), documentFor('Photo'), content);
    expect(html).toBe(whole(layoutFrameOf(ctx), 'Photo', content));
    expect(
      html.indexOf('rel="preload" as="image" href="/images/ardent-cleaning-logo.svg"'),
    ).toBeLessThan(html.indexOf('rel="preload" as="image" href="/images/own-photo.jpg"'));
  });

  it('writes a route that needs escaping as React writes it, and marks a menu link on its own page', () => {
    const ctx = contextFor(
      input,
      site.pages.find((page) => page.route === '/about')!,
    );
    for (const route of ['/a&b"c', '/faqs', site.navigation.servicesMenu[0]!.items[0]!.href]) {
      const frame = { ...layoutFrameOf(ctx), route };
      expect(framedDocument(frame, documentFor(route), 'Text'), route).toBe(
        whole(frame, route, 'Text'),
      );
    }
  });
});
