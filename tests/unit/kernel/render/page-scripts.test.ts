import { scriptBudgetOfHtml } from '../../../../src/generator/emit/site-weights.ts';
// Which islands and scripts each page gets, and the JavaScript budget, on the real site built in memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS } from '../../../../src/kernel/wire/budgets.ts';
import { weighScripts } from '../../../../src/generator/bundle/bundle-assets.ts';
import { checkScriptBudget, scriptWeights } from '../../../../src/generator/emit/script-weights.ts';
import { CATALOGUE, ContentError } from '../../../../src/kernel/errors/problems.ts';
import { pageScripts } from '../../../../src/kernel/render/page-scripts.ts';
import { buildInMemory, htmlPathOf, type BuiltFolder } from '../../../support/sites.ts';

let out: BuiltFolder;
beforeAll(async () => {
  out = await buildInMemory();
}, 60_000);

const page = (route: string) => out.text(htmlPathOf(route));
const islandsIn = (html: string) =>
  [...html.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1]);
const scriptsIn = (html: string) =>
  [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1]!);
const modulesIn = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
/** Listed on the boot script, which preloads them after the load event: the islands and React. */
const laterIn = (html: string) => /data-later-modules="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? [];
/** Preloaded by the head itself, as the page loads. */
const preloadsIn = modulesIn;
const manifest = () =>
  JSON.parse(out.text('build-manifest.json')) as { assets: Record<string, string> };

describe('islands on each page', () => {
  it('a standard page has the header, sidebar, contact and scroll-to-top islands, and lists exactly their scripts for after load', () => {
    const html = page('/about');
    expect(islandsIn(html)).toEqual(['header', 'sidebar', 'contact', 'scroll-top']);
    const { assets } = manifest();
    expect(scriptsIn(html)).toEqual([assets.boot]);
    const later = laterIn(html);
    for (const island of ['header', 'sidebar', 'contact', 'scroll-top']) {
      expect(later).toContain(assets[island]);
      // Not fetched while the page loads: the islands wake only when the visitor acts.
      expect(preloadsIn(html)).not.toContain(assets[island]);
    }
    expect([...later, ...preloadsIn(html)]).not.toContain(assets['not-found']);
  });

  it('the home page loads only the contact island: it has no header, sidebar or scroll-to-top', () => {
    const html = page('/');
    expect(islandsIn(html)).toEqual(['contact']);
    const { assets } = manifest();
    expect(laterIn(html)).toContain(assets.contact);
    for (const island of ['header', 'sidebar', 'scroll-top'])
      expect(modulesIn(html)).not.toContain(assets[island]);
  });

  it('/contact has no smart contact section, so no contact island or its script', () => {
    expect(islandsIn(page('/contact'))).not.toContain('contact');
    expect(modulesIn(page('/contact'))).not.toContain(manifest().assets.contact);
  });

  it('React is one shared chunk that every island script imports, under /assets/chunks/, fetched only after load', () => {
    const shared = ['/about', '/', '/contact'].map(
      (route) => new Set(laterIn(page(route)).filter((url) => url.startsWith('/assets/chunks/'))),
    );
    const inAll = [...shared[0]!].filter((url) => shared.every((set) => set.has(url)));
    const react = inAll.find((url) =>
      out.text(url.slice(1)).includes('react.transitional.element'),
    );
    expect(react, 'a chunk holding React, listed for after load by every page').toBeDefined();
    for (const route of ['/about', '/', '/contact'])
      expect(preloadsIn(page(route))).not.toContain(react);
  });

  it('island props are the ones the component was rendered with (hydration reads them back)', () => {
    const html = page('/about');
    const match = /data-island="sidebar" data-props="([^"]+)"/.exec(html);
    const props = JSON.parse(match![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as {
      currentRoute: string;
      sidebar: { items: unknown[] };
    };
    expect(props.currentRoute).toBe('/about');
    expect(props.sidebar.items.length).toBeGreaterThan(5);
  });

  it('every script a page references was written', () => {
    for (const file of [...out.files.keys()].filter((name) => name.endsWith('.html'))) {
      const html = out.text(file);
      for (const url of [...scriptsIn(html), ...modulesIn(html), ...laterIn(html)])
        expect(out.files.has(url.slice(1)), `${file}: ${url}`).toBe(true);
    }
  });
});

describe("the enquiry form's script", () => {
  it('runs as /contact loads, the one page with the form, and on no other page', () => {
    const { assets } = manifest();
    expect(scriptsIn(page('/contact'))).toEqual([assets.boot, assets['enquiry-form']]);
    for (const file of [...out.files.keys()].filter(
      (name) => name.endsWith('.html') && name !== 'contact.html',
    )) {
      const html = out.text(file);
      expect([...scriptsIn(html), ...modulesIn(html), ...laterIn(html)], file).not.toContain(
        assets['enquiry-form'],
      );
    }
  });

  it('is small and stands alone: no React, no zod, no chunk that boot does not load already, at most 3 KB gzipped', () => {
    const { assets } = manifest();
    const url = assets['enquiry-form']!;
    const code = out.text(url.slice(1));
    const importsOf = (source: string) =>
      [...source.matchAll(/\bimport\s*(?:[^"']*from\s*)?["']([^"']+)["']/g)].map((match) =>
        match[1]!.replace(/^\.\//, ''),
      );
    expect(code).not.toMatch(/react\.transitional\.element|_zod|ZodError/);
    expect(
      importsOf(code).filter(
        (chunk) => !importsOf(out.text(assets.boot!.slice(1))).includes(chunk),
      ),
    ).toEqual([]);
    expect(
      weighScripts([{ path: url.slice(1), contents: new TextEncoder().encode(code) }])[url]!.gzip,
    ).toBeLessThanOrEqual(3000);
  });
});

describe('the JavaScript budget', () => {
  it('adds up every script a page loads, each file gzipped once', () => {
    const files = [
      { path: 'assets/a.js', contents: new TextEncoder().encode('x'.repeat(5000)) },
      { path: 'assets/b.js', contents: new TextEncoder().encode('y'.repeat(3000)) },
    ];
    const scripts = pageScripts(
      { scripts: { boot: '/assets/a.js', island: '/assets/b.js' } },
      ['boot'],
      ['island'],
    );
    const [weight] = scriptWeights([{ path: 'p/index.html', scripts }], weighScripts(files));
    expect(weight!.js.raw).toBe(8000);
    expect(weight!.files).toBe(2);
    expect(weight!.js.gzip).toBeGreaterThan(0);
    expect(weight!.js.gzip).toBeLessThan(200);
  });

  it('fails naming each page over the budget, with its content file, and passes pages within it', () => {
    const over = {
      path: 'about/index.html',
      file: 'content/pages/about.md',
      js: { raw: 300_000, gzip: BUDGETS.jsGzipPerPage + 1 },
      files: 9,
      budget: 'jsGzipPerPage' as const,
    };
    const within = {
      path: 'faqs/index.html',
      js: { raw: 200_000, gzip: BUDGETS.jsGzipPerPage },
      files: 9,
      budget: 'jsGzipPerPage' as const,
    };
    const builder = {
      path: 'integrated-builder/index.html',
      js: { raw: 800_000, gzip: BUDGETS.jsGzipPerPage + 1 },
      files: 12,
      budget: 'jsGzipPerBuilderPage' as const,
    };
    expect(() => checkScriptBudget([within, builder])).not.toThrow();
    expect(() =>
      checkScriptBudget([
        { ...builder, js: { raw: 900_000, gzip: BUDGETS.jsGzipPerBuilderPage + 1 } },
      ]),
    ).toThrow(ContentError);
    const error = (() => {
      try {
        checkScriptBudget([within, over]);
      } catch (caught) {
        return caught;
      }
    })();
    expect(ContentError.is(error)).toBe(true);
    const problems = (error as ContentError).problems;
    expect(problems).toEqual([
      expect.objectContaining({ code: 'script-budget', file: 'content/pages/about.md' }),
    ]);
    expect(problems[0]!.message).toContain('about/index.html');
    expect(CATALOGUE['script-budget'].source).toBe('budget');
  });

  it('the real site is within it: a public page loads at most 70 KB of JavaScript, a page with an account screen at most 110 KB, the admin page at most 140 KB, a builder page at most 250 KB, gzipped', () => {
    const pages = [...out.files.keys()]
      .filter((name) => name.endsWith('.html'))
      .map((file) => {
        const html = out.text(file);
        return {
          path: file,
          scripts: {
            scripts: scriptsIn(html),
            preloads: preloadsIn(html),
            later: laterIn(html),
            budget: scriptBudgetOfHtml(html),
          },
        };
      });
    const files = [...out.files.entries()].map(([path, contents]) => ({
      path,
      contents: typeof contents === 'string' ? new TextEncoder().encode(contents) : contents,
    }));
    const weights = scriptWeights(pages, weighScripts(files));
    expect(weights.length).toBe(43);
    expect(
      weights.filter((weight) => weight.budget === 'jsGzipPerAccountPage').length,
      'the three sign-in pages',
    ).toBe(3);
    expect(
      weights
        .filter((weight) => weight.budget === 'jsGzipPerAdminPage')
        .map((weight) => weight.path),
    ).toEqual(['admin.html']);
    expect(
      weights
        .filter((weight) => weight.budget === 'jsGzipPerBuilderPage')
        .map((weight) => weight.path)
        .sort(),
    ).toEqual([
      'experiments/block-builder/builder.html',
      'experiments/block-builder/preview.html',
      'integrated-builder.html',
      'test-builder-dashboard.html',
    ]);
    for (const weight of weights)
      expect(weight.js.gzip, weight.path).toBeLessThanOrEqual(BUDGETS[weight.budget]);
    expect(() => checkScriptBudget(weights)).not.toThrow();
  });

  it('a page with an account screen is held to the account budget, and fails over it', () => {
    const over = {
      path: 'login/index.html',
      js: { raw: 400_000, gzip: BUDGETS.jsGzipPerAccountPage + 1 },
      files: 13,
      budget: 'jsGzipPerAccountPage',
    } as const;
    const within = {
      ...over,
      path: 'register/index.html',
      js: { raw: 400_000, gzip: BUDGETS.jsGzipPerAccountPage },
    };
    expect(() => checkScriptBudget([within])).not.toThrow();
    const error = (() => {
      try {
        checkScriptBudget([within, over]);
      } catch (caught) {
        return caught;
      }
    })();
    expect(
      ContentError.is(error) && error.problems.map((problem) => [problem.code, problem.message]),
    ).toEqual([
      [
        'script-budget',
        expect.stringMatching(
          /^login\/index\.html loads 110\.0 KB of JavaScript gzipped .* over the 110\.0 KB a page with an account screen may load/,
        ),
      ],
    ]);
  });
});

describe('Firebase code', () => {
  /** Every script a page downloads: its scripts, their preloads, and the modules boot preloads after load. */
  const scriptFilesOf = (html: string) =>
    [...new Set([...scriptsIn(html), ...preloadsIn(html), ...laterIn(html)])].map((url) =>
      out.text(url.slice(1)),
    );
  const hasFirebase = (code: string) =>
    code.includes('@firebase/auth') || code.includes('identitytoolkit.googleapis.com');

  it('no public page loads any of it', () => {
    const publicPages = [...out.files.keys()].filter(
      (name) => name.endsWith('.html') && !out.text(name).includes('data-screen='),
    );
    expect(publicPages.length).toBe(35);
    for (const file of publicPages)
      expect(scriptFilesOf(out.text(file)).some(hasFirebase), file).toBe(false);
  });

  it.each(['/admin'])(
    '%s runs the guard with Firebase as it loads (it must know who is signed in), and imports the screen with React after',
    (route) => {
      const html = page(route);
      const { assets } = manifest();
      expect(scriptsIn(html)).toEqual([assets.boot, assets['guard-start']]);
      const head = [...scriptsIn(html), ...preloadsIn(html)].map((url) => out.text(url.slice(1)));
      expect(head.some(hasFirebase)).toBe(true);
      expect(
        head.some((code) => code.includes('react.transitional.element')),
        'React is not in what the page runs as it loads',
      ).toBe(false);
      expect(laterIn(html)).toContain(
        assets[route === '/admin' ? 'screen-admin' : 'screen-guarded'],
      );
    },
  );

  it.each(['/login', '/register', '/reset-password'])(
    '%s only starts its screen when needed: its Firebase and React code is preloaded after load',
    (route) => {
      const html = page(route);
      const { assets } = manifest();
      const screen = /data-screen="([^"]+)"/.exec(html)![1]!;
      expect(scriptsIn(html)).toEqual([assets.boot, assets['sign-in-start']]);
      expect(laterIn(html)).toContain(assets[`screen-${screen}`]);
      const head = [...scriptsIn(html), ...preloadsIn(html)].map((url) => out.text(url.slice(1)));
      expect(head.some(hasFirebase), 'nothing of Firebase in what the page runs as it loads').toBe(
        false,
      );
      expect(
        scriptFilesOf(html).some(hasFirebase),
        "but it is counted in the page's JavaScript",
      ).toBe(true);
    },
  );
});
