// The real site built in memory: which files are written and what every page shows.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadedContent } from '../../../../src/kernel/content/collections.ts';
import { parse } from 'node-html-parser';
import { contactFileForPath } from '../../../../src/kernel/site/contact-file.ts';
import { ENQUIRY_FIELD_NAMES, ENQUIRY_FIELDS } from '../../../../src/kernel/wire/enquiry-rules.ts';
import {
  ACCOUNT_ROUTES,
  GUARDED_ROUTES,
  NAVIGATION_AREAS,
  NOINDEX_PUBLIC_ROUTES,
  SIGN_IN_ROUTES,
  SPEC_ROUTES,
} from '../../../support/spec-routes.ts';

const APP_ROUTES: readonly string[] = ACCOUNT_ROUTES;
const GUARDED: readonly string[] = GUARDED_ROUTES;
import {
  attributeOf,
  buildInMemory,
  decodeEntities,
  elementHtml,
  FIXED_NOW,
  htmlPathOf,
  REAL_CONTENT,
  TEST_SITE_URL,
  loadRealContent,
  type BuiltFolder,
} from '../../../support/sites.ts';

const CONTACT_FILES = [
  'contact-details',
  'ardent-cleaning-contact',
  'ardent-wellbeing-contact',
  'about-contact',
];
/** The commit the site is built from, as Netlify's COMMIT_REF or the repository's HEAD gives it. */
const COMMIT = '3f5e1c0a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f';

let out: BuiltFolder;
let content: LoadedContent;
beforeAll(async () => {
  [out, content] = await Promise.all([
    buildInMemory(REAL_CONTENT, { commit: COMMIT }),
    loadRealContent(),
  ]);
}, 60_000);

const page = (route: string) => out.text(htmlPathOf(route));
const urlOf = (route: string) => (route === '/' ? `${TEST_SITE_URL}/` : `${TEST_SITE_URL}${route}`);
const titleOf = (html: string) => decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const descriptionOf = (html: string) =>
  attributeOf(html, /<meta name="description"[^>]*>/, 'content');
const hrefsIn = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => decodeEntities(match[1]!));
/** Text content: tags and React's text-separator comments removed. */
const textOf = (html: string) =>
  decodeEntities(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ''));
const isNoindex = (html: string) => /<meta name="robots" content="[^"]*noindex/.test(html);

describe('files written', () => {
  it('lists 41 routes, all different', () => {
    expect(new Set(SPEC_ROUTES).size).toBe(41);
  });

  it('writes every spec route as <route>.html (the home page as index.html), and no other page', () => {
    for (const route of SPEC_ROUTES) expect(out.files.has(htmlPathOf(route)), route).toBe(true);
    const htmlFiles = [...out.files.keys()].filter((file) => file.endsWith('.html')).sort();
    expect(htmlFiles).toEqual([...SPEC_ROUTES.map(htmlPathOf), '404.html', '500.html'].sort());
  });

  it('writes the error pages, sitemap, robots, contact data and build files', () => {
    const expected = [
      '404.html',
      '500.html',
      'sitemap.xml',
      'robots.txt',
      'build-manifest.json',
      'latest-build.json',
      ...CONTACT_FILES.map((name) => `content/${name}.json`),
    ];
    for (const file of expected) expect(out.files.has(file), file).toBe(true);
  });

  it('copies the public folder', () => {
    expect(out.files.has('favicon.svg')).toBe(true);
    expect(out.files.has('images/ardent-cleaning-logo.svg')).toBe(true);
  });
});

describe('the head of every page', () => {
  it('declares British English', () => {
    for (const route of SPEC_ROUTES) expect(page(route), route).toContain('<html lang="en-GB">');
  });

  it('has a unique, non-empty title', () => {
    const titles = SPEC_ROUTES.map((route) => titleOf(page(route)));
    for (const title of titles) expect(title.length).toBeGreaterThan(0);
    expect(new Set(titles).size).toBe(SPEC_ROUTES.length);
  });

  it('has a unique, non-empty meta description', () => {
    const descriptions = SPEC_ROUTES.map((route) => descriptionOf(page(route)) ?? '');
    for (const description of descriptions) expect(description.length).toBeGreaterThan(0);
    expect(new Set(descriptions).size).toBe(SPEC_ROUTES.length);
  });

  it('has a canonical URL on the site URL', () => {
    for (const route of SPEC_ROUTES) {
      expect(attributeOf(page(route), /<link rel="canonical"[^>]*>/, 'href'), route).toBe(
        urlOf(route),
      );
    }
  });

  it('links the hashed stylesheet from the manifest', () => {
    const manifest = JSON.parse(out.text('build-manifest.json')) as {
      assets: Record<string, string>;
    };
    for (const route of SPEC_ROUTES)
      expect(page(route)).toContain(
        `<link rel="stylesheet" href="${manifest.assets.stylesheet}"/>`,
      );
  });
});

describe('app pages', () => {
  const screenOf = (html: string) =>
    attributeOf(html, /<div class="account-screen"[^>]*>/, 'data-screen');

  it.each(SIGN_IN_ROUTES)('%s is noindex and mounts its own sign-in screen', (route) => {
    const html = page(route);
    expect(isNoindex(html)).toBe(true);
    expect(attributeOf(html, /<div id="app-root"[^>]*>/, 'data-mount')).toBe(route.slice(1));
    expect(screenOf(html)).toBe(route.slice(1));
  });

  it.each(GUARDED_ROUTES)(
    '%s is noindex and mounts the guarded screen (the admin screen on /admin) in its neutral checking state',
    (route) => {
      const html = page(route);
      expect(isNoindex(html)).toBe(true);
      expect(attributeOf(html, /<div id="app-root"[^>]*>/, 'data-mount')).toMatch(/^[a-z0-9-]+$/);
      expect(screenOf(html)).toBe(route === '/admin' ? 'admin' : 'guarded');
      const screen = elementHtml(html, /<div class="account-screen"[^>]*>/)!;
      // Nothing of the guarded screen until the guard has decided, in the browser.
      expect(screen).toContain('data-state="not-configured"');
      expect(screen).not.toContain('Sign out');
    },
  );

  it('only guarded pages and the public pages that say so are noindex, and only app pages have a mount point', () => {
    for (const route of SPEC_ROUTES)
      expect(isNoindex(page(route)), route).toBe(
        GUARDED.includes(route) || NOINDEX_PUBLIC_ROUTES.includes(route),
      );
    for (const route of SPEC_ROUTES.filter((r) => !APP_ROUTES.includes(r)))
      expect(page(route), route).not.toContain('id="app-root"');
  });

  it('guarded and noindex pages are left out of sitemap.xml, which lists every other page', () => {
    const sitemap = out.text('sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(sitemap.startsWith('<?xml')).toBe(true);
    expect(locs.sort()).toEqual(
      SPEC_ROUTES.filter(
        (route) => !GUARDED.includes(route) && !NOINDEX_PUBLIC_ROUTES.includes(route),
      )
        .map(urlOf)
        .sort(),
    );
  });

  it('guarded pages are disallowed in robots.txt, which names the sitemap', () => {
    const robots = out.text('robots.txt');
    const disallowed = robots
      .split('\n')
      .filter((line) => line.startsWith('Disallow:'))
      .map((line) => line.slice('Disallow:'.length).trim());
    expect(disallowed.sort()).toEqual([...GUARDED].sort());
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(new RegExp(`^Sitemap: ${TEST_SITE_URL}/sitemap\\.xml$`, 'm'));
  });

  it('without sign-in configuration, every account screen says sign-in is not set up, and no page carries a configuration', () => {
    for (const route of APP_ROUTES) {
      expect(page(route), route).toContain('Sign-in is not set up');
      expect(page(route), route).not.toContain('data-firebase');
    }
  });
});

describe('layout', () => {
  const hasHeader = (html: string) => html.includes('<header class="site-header"');
  const hasSidebar = (html: string) => html.includes('<aside class="sidebar"');
  const hasScrollTop = (html: string) => html.includes('class="scroll-top"');

  it('the home page has no header, sidebar or scroll-to-top', () => {
    const html = page('/');
    expect(hasHeader(html)).toBe(false);
    expect(hasSidebar(html)).toBe(false);
    expect(hasScrollTop(html)).toBe(false);
  });

  it('every other page has the header and scroll-to-top, and every page but the account pages the sidebar', () => {
    for (const route of SPEC_ROUTES.filter((r) => r !== '/')) {
      const html = page(route);
      expect(hasHeader(html), route).toBe(true);
      expect(hasScrollTop(html), route).toBe(true);
      // Account pages are focused: header and footer, no services sidebar.
      expect(hasSidebar(html), route).toBe(!APP_ROUTES.includes(route));
    }
  });

  it('the sidebar lists every service and Wellbeing Services', () => {
    const sidebar = elementHtml(page('/about'), /<aside class="sidebar"[^>]*>/)!;
    const hrefs = hrefsIn(sidebar);
    for (const entry of content.services) expect(hrefs).toContain(`/${entry.data.slug}`);
    expect(sidebar).toContain('>Wellbeing Services</a>');
  });

  it('the header has the Our Services dropdown with the Cleaning and Wellbeing groups', () => {
    const header = elementHtml(page('/about'), /<header class="site-header"[^>]*>/)!;
    const services = elementHtml(header, /<details[^>]*data-dropdown="services"[^>]*>/)!;
    expect(services).toContain('<summary>Our Services</summary>');
    expect(services).toMatch(/href="\/ardent-cleaning"[^>]*>Cleaning</);
    expect(services).toMatch(/href="\/ardent-wellbeing"[^>]*>Wellbeing</);
    const hrefs = hrefsIn(services);
    for (const entry of content.services) expect(hrefs).toContain(`/${entry.data.slug}`);
  });

  it('the header has the Areas Covered dropdown with exactly the ten navigation areas', () => {
    for (const route of [
      '/about',
      '/deep-cleaning-services',
      '/cleaning-services-keston-bromley',
      '/login',
    ]) {
      const areas = elementHtml(page(route), /<details[^>]*data-dropdown="areas"[^>]*>/)!;
      expect(areas, route).toContain('<summary>Areas Covered</summary>');
      expect(hrefsIn(areas).sort()).toEqual(
        NAVIGATION_AREAS.map((area) => `/cleaning-services-${area}`).sort(),
      );
    }
  });

  it('the header has About, FAQs and Contact links and a phone link', () => {
    const header = elementHtml(page('/faqs'), /<header class="site-header"[^>]*>/)!;
    const hrefs = hrefsIn(header);
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/about',
        '/faqs',
        '/contact',
        `tel:${content.profile.data.telephone}`,
      ]),
    );
  });

  it('the header logo links to the wellbeing page only on the wellbeing paths', () => {
    const logoHref = (route: string) => attributeOf(page(route), /<a class="logo"[^>]*>/, 'href');
    expect(logoHref('/ardent-wellbeing')).toBe('/ardent-wellbeing');
    expect(logoHref('/cleaning-services-senior-citizens')).toBe('/ardent-wellbeing');
    expect(logoHref('/about')).toBe('/ardent-cleaning');
    expect(logoHref('/cleaning-services-bromley')).toBe('/ardent-cleaning');
  });
});

describe('the enquiry form on /contact', () => {
  const form = () => parse(page('/contact')).querySelector('section#enquiry form')!;

  it('is in the static HTML for Netlify Forms to find at deploy: a name, data-netlify, the form-name a scripted post needs, a honeypot, and the thank-you page to post to without scripts', () => {
    expect(form().attributes).toMatchObject({
      name: 'enquiry',
      method: 'post',
      action: '/thank-you',
      'data-netlify': 'true',
      'data-netlify-honeypot': 'bot-field',
    });
    expect(
      form().querySelector('input[type="hidden"][name="form-name"]')?.getAttribute('value'),
    ).toBe('enquiry');
    expect(form().querySelector('input[name="bot-field"]')).not.toBeNull();
  });

  it('labels every field above its control, gives every field about the visitor its autocomplete token, and puts nothing in a placeholder', () => {
    for (const name of ENQUIRY_FIELD_NAMES) {
      const control = form().querySelector(`#enquiry-${name}`)!;
      expect(control.getAttribute('name'), name).toBe(name);
      expect(form().querySelector(`label[for="enquiry-${name}"]`)?.text, name).toBe(
        ENQUIRY_FIELDS[name].label,
      );
    }
    const autocomplete = Object.fromEntries(
      ['name', 'phone', 'email', 'postcode'].map((name) => [
        name,
        form().querySelector(`#enquiry-${name}`)!.getAttribute('autocomplete'),
      ]),
    );
    expect(autocomplete).toEqual({
      name: 'name',
      phone: 'tel',
      email: 'email',
      postcode: 'postal-code',
    });
    expect(form().querySelectorAll('[placeholder]')).toEqual([]);
  });

  it('offers every service of the site, "Not sure yet" first and chosen, and knows the outward codes of the areas served', () => {
    const options = form().querySelectorAll('#enquiry-service option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual([
      'not-sure',
      ...content.services.map((entry) => entry.data.slug).sort((a, b) => order(a) - order(b)),
    ]);
    expect(options[0]!.hasAttribute('selected')).toBe(true);
    const served = [...new Set(content.areas.flatMap((entry) => entry.data.postcodes))].sort();
    expect(form().getAttribute('data-served')).toBe(served.join(' '));
  });

  const order = (slug: string) =>
    content.services.find((entry) => entry.data.slug === slug)!.data.order;

  it("is where every service page's first button leads, with the service to preselect", () => {
    for (const { data } of content.services) {
      const hero = elementHtml(page(`/${data.slug}`), /<section class="hero">/)!;
      expect(attributeOf(hero, /<a class="button"[^>]*>/, 'href'), data.slug).toBe(
        `/contact?service=${data.slug}#enquiry`,
      );
    }
  });
});

describe('the smart contact section', () => {
  const contactFileOf = (html: string) =>
    attributeOf(html, /<section id="contact"[^>]*>/, 'data-contact-file');

  it('is on every page except /contact, showing the file its path selects', () => {
    for (const route of SPEC_ROUTES.filter((r) => r !== '/contact')) {
      expect(contactFileOf(page(route)), route).toBe(
        contactFileForPath(route, content.contactRouting.data),
      );
    }
    expect(page('/contact')).not.toContain('data-contact-file');
    expect(page('/contact')).not.toContain('data-island="contact"');
  });

  it.each([
    ['/about', 'about-contact'],
    ['/ardent-wellbeing', 'ardent-wellbeing-contact'],
    ['/cleaning-services-senior-citizens', 'ardent-wellbeing-contact'],
    ['/ardent-cleaning', 'ardent-cleaning-contact'],
    ['/cleaning-services-bromley', 'ardent-cleaning-contact'],
    ['/oven-cleaning-services', 'ardent-cleaning-contact'],
    ['/faqs', 'contact-details'],
    ['/', 'contact-details'],
  ])('%s shows %s, with its title', (route, file) => {
    const html = page(route);
    expect(contactFileOf(html)).toBe(file);
    const details = JSON.parse(out.text(`content/${file}.json`)) as { title: string };
    const section = elementHtml(html, /<section id="contact"[^>]*>/)!;
    expect(
      decodeEntities(/<h2 id="contact-heading"[^>]*>([^<]*)<\/h2>/.exec(section)?.[1] ?? ''),
    ).toBe(details.title);
  });

  it('/contact shows the full contact details block instead', () => {
    expect(page('/contact')).toContain('class="contact-details"');
  });
});

describe('footer', () => {
  it.each(['/', '/about', '/login'])(
    '%s shows the build year, Privacy Policy and the social links',
    (route) => {
      const footer = elementHtml(page(route), /<footer class="site-footer"[^>]*>/)!;
      const copyright = elementHtml(footer, /<p class="copyright"[^>]*>/)!;
      expect(textOf(copyright)).toContain(
        `© ${FIXED_NOW.getFullYear()} ${content.profile.data.legalName}`,
      );
      expect(footer).toMatch(/<a href="\/privacy-policy">Privacy Policy<\/a>/);
      expect(footer).toMatch(
        new RegExp(`<a href="${content.profile.data.social.instagram}"[^>]*>Instagram</a>`),
      );
      expect(footer).toMatch(
        new RegExp(`<a href="${content.profile.data.social.facebook}"[^>]*>Facebook</a>`),
      );
    },
  );
});

describe('error pages', () => {
  it("the 404 page is titled 'Page Not Found' and fills the requested path in with a script, as text", () => {
    const html = out.text('404.html');
    expect(titleOf(html)).toBe('Page Not Found');
    expect(isNoindex(html)).toBe(true);
    const message = elementHtml(html, /<p class="error-message"[^>]*>/)!;
    expect(message).not.toContain('{path}');
    // The placeholder element holds neutral text, not a path; the browser script replaces it.
    const placeholder = /<code id="requested-path">([^<]*)<\/code>/.exec(message);
    expect(placeholder).not.toBeNull();
    expect(placeholder![1]).not.toContain('/');
    const manifest = JSON.parse(out.text('build-manifest.json')) as {
      assets: Record<string, string>;
    };
    const script = manifest.assets['not-found']!;
    expect(html).toContain(`<script type="module" src="${script}"></script>`);
    const source = out.text(script.slice(1));
    expect(source).toContain('requested-path');
    expect(source).toContain('textContent');
    expect(source).not.toContain('innerHTML');
  });

  it("the 500 page is titled 'Internal Server Error'", () => {
    const html = out.text('500.html');
    expect(titleOf(html)).toBe('Internal Server Error');
    expect(isNoindex(html)).toBe(true);
    expect(html).not.toContain('requested-path');
  });

  it('error pages have no canonical URL (they are served at any address)', () => {
    expect(out.text('404.html')).not.toContain('rel="canonical"');
    expect(out.text('500.html')).not.toContain('rel="canonical"');
  });
});

describe('build files', () => {
  it('the manifest lists the routes and the hashed assets, and latest-build has the same id; both name the commit built', () => {
    const manifest = JSON.parse(out.text('build-manifest.json')) as {
      buildId: string;
      time: string;
      commit: string;
      routes: string[];
      assets: Record<string, string>;
    };
    expect(manifest.commit).toBe(COMMIT);
    expect([...manifest.routes].sort()).toEqual([...SPEC_ROUTES].sort());
    expect(manifest.buildId).toMatch(/^[0-9a-f]{16}$/);
    expect(manifest.time).toBe(FIXED_NOW.toISOString());
    // The stylesheet, the boot script, the 404 script, the enquiry form's script, one entry per island and one per account screen (with the guard's React runtime); the builder's bundle: its boot, islands and screens.
    const islands = ['contact', 'header', 'scroll-top', 'sidebar'];
    const builder = [
      'boot',
      ...islands,
      'bucket-services',
      'builder-block-builder',
      'builder-block-preview',
      'builder-integrated-builder',
      'builder-test-builder-dashboard',
    ].map((name) => `builder/${name}`);
    expect(Object.keys(manifest.assets).sort()).toEqual(
      [
        'boot',
        ...islands,
        'not-found',
        'enquiry-form',
        'stylesheet',
        'sign-in-start',
        'guard-start',
        'react-runtime',
        'screen-login',
        'screen-register',
        'screen-reset-password',
        'screen-guarded',
        'screen-admin',
        'admin-storage',
        ...builder,
      ].sort(),
    );
    for (const asset of Object.values(manifest.assets)) {
      expect(asset).toMatch(/^\/assets\/(?:builder\/)?[a-z-]+-[A-Z0-9]{8}\.(?:css|js)$/);
      expect(out.files.has(asset.slice(1)), asset).toBe(true);
    }
    // What the builder reads to say a published change is live.
    const latest = JSON.parse(out.text('latest-build.json')) as {
      buildId: string;
      time: string;
      commit: string;
    };
    expect(latest).toEqual({ buildId: manifest.buildId, time: manifest.time, commit: COMMIT });
  });

  it.each(CONTACT_FILES)(
    'content/%s.json has title, subtitle, phone, email and location',
    (name) => {
      const details = JSON.parse(out.text(`content/${name}.json`)) as Record<string, unknown>;
      expect(Object.keys(details).sort()).toEqual([
        'email',
        'location',
        'phone',
        'subtitle',
        'title',
      ]);
      for (const value of Object.values(details)) expect(typeof value).toBe('string');
      expect((details.title as string).length).toBeGreaterThan(0);
      // Phone and email fall back to the business profile.
      expect(details.phone).toBeTruthy();
      expect(details.email).toMatch(/@/);
    },
  );

  it('a contact file without a title gets "Contact {product}"', () => {
    expect(
      (JSON.parse(out.text('content/ardent-cleaning-contact.json')) as { title: string }).title,
    ).toBe('Contact Ardent Cleaning');
  });
});
