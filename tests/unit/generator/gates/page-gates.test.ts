// The page gates of `npm run check:change` (src/generator/gates/page-gates.ts): which gates a
// built page goes through, and that the gates without a browser find the broken fixture page's
// problems through the list, naming the page. (axe and Lighthouse are the functions the browser
// tests and `npm test`'s Lighthouse step run on the same fixture.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderJobs } from '../../../../src/kernel/render/render-page.tsx';
import { BROKEN_SITE_ROOT, BROKEN_FIXTURE } from '../../../support/quality/broken-fixture.ts';
import { THRESHOLDS } from '../../../../src/generator/gates/lighthouse-pages.ts';
import { formatGithub } from '../../../../src/kernel/errors/report-formats.ts';
import {
  gatePageOf,
  gatesWithout,
  NOT_FOUND_PATH,
  PAGE_GATES,
  runPageGates,
} from '../../../../src/generator/gates/page-gates.ts';
import {
  GATE_IDS,
  type GatePage,
  type GateSite,
  type PageGate,
} from '../../../../src/generator/gates/gate-types.ts';
import { serveSite, type RunningSite } from '../../../../src/generator/gates/serve.ts';
import { copyMinimalSite, loadSite, removeTempCopies } from '../../../support/sites.ts';

describe('the pages of a build, as the gates see them', () => {
  let pages: Map<string, GatePage>;
  beforeAll(async () => {
    const { site } = await loadSite(await copyMinimalSite());
    pages = new Map(renderJobs(site).map((job) => [job.path, gatePageOf(job)]));
  });
  afterAll(removeTempCopies);

  it("a public page: every gate, Lighthouse with the public pages' thresholds, its problems on its own file", () => {
    const about = pages.get('about.html')!;
    // (loadSite names files from the content folder; check:change's build, from the project's root: content/pages/about.md.)
    expect(about).toMatchObject({
      name: '/about',
      kind: 'standard',
      source: 'pages/about.md',
      url: { path: '/about', status: 200 },
      browser: true,
    });
    expect(about.lighthouse?.thresholds ?? THRESHOLDS).toEqual(THRESHOLDS);
    expect(
      PAGE_GATES.filter((gate) => gate.checks?.(about) ?? true).map((gate) => gate.name),
    ).toEqual(PAGE_GATES.map((gate) => gate.name));
  });

  it('an account screen, the 500 page, which no address serves, in the gates without a browser; the 404 page at an address the site lacks', () => {
    // The sign-in screen's behaviour is the sign-in service's: npm test checks it against the local emulator.
    const login = pages.get('login.html')!;
    expect(login).toMatchObject({ browser: false, url: { path: '/login', status: 200 } });
    expect(
      PAGE_GATES.filter((gate) => gate.checks?.(login) ?? true).map((gate) => gate.name),
    ).toEqual(['html-validate', 'W3C checker', 'links', 'JSON-LD']);
    const notFound = pages.get('404.html')!;
    expect(notFound).toMatchObject({
      name: 'the 404 page',
      url: { path: NOT_FOUND_PATH, status: 404 },
      browser: true,
      lighthouse: { status: 404 },
    });
    const serverError = pages.get('500.html')!;
    expect(
      PAGE_GATES.filter((gate) => gate.checks?.(serverError) ?? true).map((gate) => gate.name),
    ).toEqual(['html-validate', 'W3C checker', 'JSON-LD']);
  });

  it('are six gates, those without a browser first and Lighthouse last', () => {
    expect(PAGE_GATES.map((gate) => gate.name)).toEqual([
      'html-validate',
      'W3C checker',
      'links',
      'JSON-LD',
      'axe (375 and 1280 px)',
      'Lighthouse',
    ]);
  });

  it('leave out those --skip names, by the names it takes, the others in their order', () => {
    expect(PAGE_GATES.map((gate) => gate.id)).toEqual([...GATE_IDS]);
    expect(gatesWithout(['axe', 'lighthouse']).map((gate) => gate.name)).toEqual([
      'html-validate',
      'W3C checker',
      'links',
      'JSON-LD',
    ]);
    expect(gatesWithout([])).toEqual(PAGE_GATES);
  });
});

describe('the gates without a browser, on the broken fixture page', () => {
  let served: RunningSite;
  const page: GatePage = {
    name: '/',
    kind: 'home',
    file: 'index.html',
    source: 'content/pages/home.md',
    url: { path: '/', status: 200 },
    browser: true,
  };
  let site: GateSite;
  beforeAll(async () => {
    served = await serveSite(BROKEN_SITE_ROOT, `${BROKEN_FIXTURE}netlify.toml`);
    site = {
      root: BROKEN_SITE_ROOT,
      origin: served.origin,
      chromium: () => Promise.reject(new Error('no browser here')),
      log: () => {},
    };
  });
  afterAll(() => served.close());
  const gate = (name: string) => PAGE_GATES.find((candidate) => candidate.name === name)!;

  it('html-validate names the page and each message, with its line', async () => {
    const found = await gate('html-validate').run([page], site);
    expect(found.every((finding) => finding.page === page)).toBe(true);
    expect(found.map((finding) => finding.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^index\.html:\d+:\d+ no-dup-id: /)]),
    );
  });

  // It starts Java: seconds, on a busy machine more than vitest's default 5.
  it(
    'the W3C checker names what html-validate lets pass: a div named without a role',
    { timeout: 60_000 },
    async () => {
      const found = await gate('W3C checker').run([page], site);
      expect(
        found.some(
          (finding) =>
            finding.page === page &&
            /^index\.html:\d+:\d+ The “aria-labelledby” attribute must not be specified on any “div” element/.test(
              finding.message,
            ),
        ),
      ).toBe(true);
    },
  );

  it('links names each broken link, resource and #fragment of the page', async () => {
    const found = await gate('links').run([page], site);
    const messages = found.map((finding) => finding.message);
    for (const broken of ['/missing-page', '/missing.png', '/missing.css', '/#nowhere'])
      expect(
        messages.some((message) => message.startsWith(broken)),
        broken,
      ).toBe(true);
    expect(found.every((finding) => finding.page === page)).toBe(true);
  });

  it('JSON-LD names the structured data that is not schema.org', async () => {
    const messages = (await gate('JSON-LD').run([page], site)).map((finding) => finding.message);
    expect(
      messages.some((message) => message.startsWith('ERROR') && message.includes('LocalBuisness')),
    ).toBe(true);
    expect(messages).toEqual(
      expect.arrayContaining(['LocalBusiness Half a business has no telephone']),
    );
  });
});

describe('the gates in turn, as check:change runs them', () => {
  let served: RunningSite;
  let site: GateSite;
  const page: GatePage = {
    name: '/',
    kind: 'home',
    file: 'index.html',
    source: 'content/pages/home.md',
    url: { path: '/', status: 200 },
    browser: true,
  };
  const serverError: GatePage = {
    name: 'the 500 page',
    kind: 'error',
    file: '500.html',
    source: 'content/errors/500.md',
    browser: false,
  };
  beforeAll(async () => {
    served = await serveSite(BROKEN_SITE_ROOT, `${BROKEN_FIXTURE}netlify.toml`);
    site = {
      root: BROKEN_SITE_ROOT,
      origin: served.origin,
      chromium: () =>
        Promise.reject(new Error('Chromium is needed for the browser gates (above).')),
      log: () => {},
    };
  });
  afterAll(() => served.close());

  it("report each finding as a problem of the page's own file, starting with its address, as GitHub's annotation shows it", async () => {
    const { problems, steps, stopped } = await runPageGates(
      [page],
      site,
      PAGE_GATES.filter((gate) => gate.name === 'JSON-LD'),
    );
    expect(stopped).toBeUndefined();
    expect(steps).toEqual([
      {
        name: 'JSON-LD',
        seconds: expect.any(Number),
        ok: false,
        note: `1 page, ${problems.length} problems`,
      },
    ]);
    expect(problems).toContainEqual({
      code: 'page-structured-data',
      file: 'content/pages/home.md',
      message: '/: LocalBusiness Half a business has no telephone',
    });
    expect(formatGithub(problems).split('\n')).toContainEqual(
      "::error file=content/pages/home.md,title=The page's structured data for search engines is not valid [page-structured-data]::/: LocalBusiness Half a business has no telephone — It is made from the business profile and the page's fields: check the values the message names (opening hours, address, telephone, prices). If they are right, the template needs a developer.",
    );
  });

  it('run every gate though one cannot, say the first that could not, and skip a gate with no page to check', async () => {
    const browserless: PageGate = {
      id: 'axe',
      name: 'browser',
      code: 'page-accessibility',
      checks: (candidate) => candidate.browser,
      run: async (pages, gateSite) => (
        await gateSite.chromium(),
        pages.map((checked) => ({ page: checked, message: 'never' }))
      ),
    };
    const gates = [browserless, ...PAGE_GATES.filter((gate) => gate.name === 'JSON-LD')];
    const { steps, stopped, problems } = await runPageGates([page], site, gates);
    expect(stopped).toBe(
      'the browser gate could not run: Chromium is needed for the browser gates (above).',
    );
    expect(steps.map(({ name, ok, note }) => ({ name, ok, note }))).toEqual([
      { name: 'browser', ok: false, note: 'could not run' },
      { name: 'JSON-LD', ok: false, note: expect.stringMatching(/^1 page, \d+ problems$/) },
    ]);
    expect(problems.length).toBeGreaterThan(0);
    // The 500 page, which no address serves: the browser gate has nothing to do, and is not listed.
    expect(
      (await runPageGates([serverError], { ...site, root: BROKEN_SITE_ROOT }, [browserless])).steps,
    ).toEqual([]);
  });
});
