// What a page's template receives, and which template a page has: shared by the renderer
// (render-page.tsx) and the block builder's preview, which renders a draft in the browser with the
// same templates and components. Nothing here may need Node.
import type { ReactElement } from 'react';
import { Layout } from '../components/Layout.tsx';
import { HomeTemplate } from '../templates/home.tsx';
import { StandardTemplate } from '../templates/standard.tsx';
import type { ImageMap } from '../images/responsive-image.ts';
import { contactFileForPath } from '../site/contact-file.ts';
import { logoForPath } from '../site/logo.ts';
import type { SitePage } from '../site/pages.ts';
import type { LayoutFrame, PageContext } from './context.ts';
import { layoutParts } from './layout-parts.ts';
import { pickParts, partsOf, type SiteParts } from './page-parts.ts';

/** What every render needs: the site's parts (page-parts.ts) and its planned images. */
export interface RenderInput {
  parts: SiteParts;
  images: ImageMap;
}

export function contextFor({ parts, images }: RenderInput, page: SitePage): PageContext {
  const { layout } = parts;
  const file = contactFileForPath(page.route, layout.contactRouting);
  const shown = layoutParts(page);
  return {
    site: pickParts(parts, partsOf(page)),
    page,
    images,
    logo: logoForPath(page.route, layout.logoRule, layout.profile.branches),
    trail: page.trail,
    parts: shown,
    contact: shown.contact ? { file, details: layout.contacts.get(file)! } : null,
  };
}

/** What the layout around a page's content shows of the page and the site. */
export function layoutFrameOf(ctx: PageContext): LayoutFrame {
  return {
    route: ctx.page.route,
    parts: ctx.parts,
    logo: ctx.logo,
    contact: ctx.contact,
    site: ctx.site.layout,
  };
}

/**
 * The template of a page's content, inside the layout: what goes inside the document's <body>. An
 * app page (account, admin and builder screens) gets the standard template: the renderer puts it in
 * the app shell (render-page.tsx), and the builder, which previews and checks a page's content,
 * does without the shell's screens.
 */
export function contentTemplate(ctx: PageContext): ReactElement {
  return <Layout frame={layoutFrameOf(ctx)}>{ownContent(ctx)}</Layout>;
}

/** The page's own content, which the layout goes around. */
export function ownContent(ctx: PageContext): ReactElement {
  return ctx.page.template === 'home' ? <HomeTemplate ctx={ctx} /> : <StandardTemplate ctx={ctx} />;
}
