// The site-wide data a page shows besides its own content file, each part named once here.
//
// A page is rendered again only when its key changes (page-keys.ts): its own entry's digest, what the site
// derived for it (route, trail…), and the digests of the parts it reads. The templates receive
// only the parts their page lists (contextFor), made by the same functions that make the digests,
// so a page cannot show something its key does not cover, and `npm run dev` and `npm run build`
// cannot disagree about what a change affects.
import type { IconDrawing } from '../images/icon-drawing.ts';
import type { ImageMap, OgImage } from '../images/responsive-image.ts';
import type { Branch, Service } from '../schema/index.ts';
import { areaRoute, serviceRoute, type SitePage } from '../site/pages.ts';
import type { SiteModel } from '../site/site-model.ts';

/** Hashed asset URLs: the bundle stage's stylesheet and scripts, and the images stage's files. */
export interface Assets {
  stylesheet: string;
  /** The block builder screens' own stylesheet, linked by their pages only. */
  builderStylesheet?: string;
  /** The builder preview frame's own rules, linked in the frame beside the site's stylesheet. */
  previewStylesheet?: string;
  /** Script URL by entry name, for example "boot" or "header". */
  scripts: Readonly<Record<string, string>>;
  /** Each script entry's static imports (shared chunks such as React), by entry name: preloaded with it. */
  imports?: Readonly<Record<string, readonly string[]>>;
  /** The responsive variants of the raster images content references, by their "/images/…" path. */
  images?: ImageMap;
  /** Each branch's Open Graph image; pages have no og:image without it. */
  og?: Readonly<Partial<Record<Branch, OgImage>>>;
  /** The drawings of the services' icons, by their "/images/…" path: cards show none without them (the lint needs none). */
  icons?: Readonly<Record<string, IconDrawing>>;
}

/**
 * The lint needs no bundled assets: the stylesheet and script addresses do not change what it
 * checks, so esbuild is not run.
 */
export const LINT_ASSETS: Assets = { stylesheet: '/assets/site.css', scripts: {} };

/** What a service card, a menu or a JSON-LD node shows of a service. */
export interface ServiceCard {
  slug: string;
  name: string;
  summary: string;
  /** The icon file's address (structured data names it), and its drawing, which the card shows. */
  icon?: string;
  iconDrawing?: IconDrawing;
  branch: Service['branch'];
  href: string;
}

/** What an areas list, or a service's JSON-LD, shows of an area; the enquiry form, the postcodes it serves. */
export interface AreaLink {
  slug: string;
  name: string;
  href: string;
  /** Outward codes, like "BR6". */
  postcodes: readonly string[];
}

/** What an FAQ list, or the FAQPage JSON-LD, shows of a question. */
export interface FaqItem {
  name: string;
  question: string;
  /** The answer as HTML, and as text for structured data. */
  html: string;
  text: string;
}

export interface SiteParts {
  /** Every page: the document head, header, sidebar, footer and contact section, and the assets they name. */
  layout: {
    siteUrl: string;
    year: number;
    profile: SiteModel['profile'];
    navigation: SiteModel['navigation'];
    logoRule: SiteModel['logoRule'];
    contacts: SiteModel['contacts'];
    contactRouting: SiteModel['contactRouting'];
    /** The sign-in service the account screens use, when the build has one. */
    firebase: SiteModel['firebase'];
    assets: Pick<
      Assets,
      'stylesheet' | 'builderStylesheet' | 'previewStylesheet' | 'scripts' | 'imports' | 'og'
    >;
  };
  /** Service cards, in the site's order. */
  services: readonly ServiceCard[];
  /** Area links, in the site's order. */
  areas: readonly AreaLink[];
  /** Questions, in the site's order. */
  faqs: readonly FaqItem[];
}

export type PartName = keyof SiteParts;

/** The parts a page reads: the layout always; the listings its blocks and structured data show. */
export function partsOf(page: Pick<SitePage, 'blocks' | 'service' | 'structuredData'>): PartName[] {
  const parts: PartName[] = ['layout'];
  const has = (type: string) => page.blocks.some((block) => block.type === type);
  // The enquiry form offers the services, and knows the areas' postcodes.
  if (has('services-grid') || has('enquiry-form')) parts.push('services');
  if (has('areas-list') || has('enquiry-form') || page.service) parts.push('areas');
  if (has('faq-list') || page.structuredData.includes('FAQPage')) parts.push('faqs');
  return parts;
}

/** Every part of a built site, made once per build. */
export function sitePartsOf(site: SiteModel, assets: Assets): SiteParts {
  const { stylesheet, builderStylesheet, previewStylesheet, scripts, imports, og } = assets;
  return {
    layout: {
      siteUrl: site.siteUrl,
      year: site.builtAt.getFullYear(),
      profile: site.profile,
      navigation: site.navigation,
      logoRule: site.logoRule,
      contacts: site.contacts,
      contactRouting: site.contactRouting,
      firebase: site.firebase,
      assets: { stylesheet, builderStylesheet, previewStylesheet, scripts, imports, og },
    },
    services: site.services.map(({ data }) => ({
      slug: data.slug,
      name: data.name,
      summary: data.summary,
      icon: data.icon,
      iconDrawing: data.icon ? assets.icons?.[data.icon] : undefined,
      branch: data.branch,
      href: serviceRoute(data),
    })),
    areas: site.areas.map(({ data }) => ({
      slug: data.slug,
      name: data.name,
      href: areaRoute(data),
      postcodes: data.postcodes,
    })),
    faqs: site.faqs.map((entry) => ({
      name: entry.name,
      question: entry.data.question,
      html: entry.body?.html ?? '',
      text: entry.body?.text ?? '',
    })),
  };
}

/** Only the parts `names` lists: what contextFor hands the templates of a page. */
export function pickParts(
  parts: SiteParts,
  names: readonly PartName[],
): Partial<SiteParts> & Pick<SiteParts, 'layout'> {
  const picked: Partial<SiteParts> = {};
  for (const name of names) (picked as Record<PartName, unknown>)[name] = parts[name];
  return picked as Partial<SiteParts> & Pick<SiteParts, 'layout'>;
}

/** A part the template needs: a clear fault in the generator when partsOf does not list it for the page. */
export function need<K extends PartName>(
  site: Partial<SiteParts>,
  name: K,
  route: string,
): SiteParts[K] {
  const part = site[name];
  if (part === undefined)
    throw new Error(
      `The page ${route} shows the "${name}" part, which partsOf (src/kernel/render/page-parts.ts) does not list for it: add it there.`,
    );
  return part;
}
