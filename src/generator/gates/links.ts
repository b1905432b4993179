// Gate 4 (issue 5): a crawl of the served site, from the home page and from every route, that finds
// broken internal links, images, scripts, stylesheets (and the URLs inside the stylesheets),
// #fragments, and links to a URL that redirects. linkinator does the crawl. Its own fragment check is kept on, but it only checks a
// fragment when the target page is fetched after the link to it was seen, and skips pages that are
// noindex/nofollow; so every fragment is also checked here, against the ids of the parsed pages.
import { LinkChecker, LinkState } from 'linkinator';
import { parse } from 'node-html-parser';

export interface BrokenLink {
  url: string;
  status: number | undefined;
  parent: string | undefined;
  reason: string;
}

export interface CrawlResult {
  /** Local URLs linkinator fetched and found working. */
  checked: number;
  /** Local HTML pages parsed for the fragment check. */
  pages: number;
  /** Links with a #fragment that were checked. */
  fragments: number;
  broken: BrokenLink[];
}

export interface CrawlOptions {
  /** The local server, http://127.0.0.1:<port>. */
  origin: string;
  /** Paths to start from, e.g. "/" and every route. */
  roots: readonly string[];
  /** Paths expected to answer 404 (the unknown path that shows the 404 page). */
  expectNotFound?: readonly string[];
  /** The site's public URL (canonical, og:image, JSON-LD), checked against the local server. */
  siteUrl?: string;
  /** false: the links of the root pages only (`npm run check:change`'s pages), not of every page they lead to. */
  recurse?: boolean;
}

export async function crawlSite(options: CrawlOptions): Promise<CrawlResult> {
  const { origin } = options;
  const expected404 = new Set(
    (options.expectNotFound ?? []).map((path) => new URL(path, origin).href),
  );
  const checker = new LinkChecker();
  const result = await checker.check({
    path: options.roots.map((path) => new URL(path, origin).href),
    recurse: options.recurse ?? true,
    checkCss: true,
    checkFragments: true,
    concurrency: 16,
    // Pages live at extensionless paths (/about), as on Netlify: resolve relative links against the
    // page itself, not against "/about/" as if it were a folder.
    cleanUrls: true,
    // A page has one URL, which answers 200 (docs/deploying.md, "URLs"): a link to a redirect is a broken link.
    redirects: 'error',
    timeout: 10_000,
    // Absolute links to the public site are the same files: check them here, locally.
    urlRewriteExpressions: options.siteUrl
      ? [
          {
            pattern: new RegExp(`^${escapeRegExp(options.siteUrl.replace(/\/$/, ''))}(?=/|$)`),
            replacement: origin,
          },
        ]
      : [],
    // External sites are out of reach offline and not this gate's business.
    linksToSkip: async (link) => !link.startsWith(`${origin}/`) && link !== origin,
  });

  const broken: BrokenLink[] = result.links
    .filter((link) => link.state === LinkState.BROKEN)
    .filter((link) => !(expected404.has(link.url) && link.status === 404))
    .map((link) => ({
      url: link.url,
      status: link.status,
      parent: link.parent,
      reason:
        link.failureDetails
          ?.map((detail) => (detail instanceof Error ? detail.message : ''))
          .filter(Boolean)
          .join('; ') || `status ${link.status}`,
    }));
  for (const path of expected404) {
    const root = result.links.find((link) => link.url === path);
    if (root?.status !== 404)
      broken.push({
        url: path,
        status: root?.status,
        parent: undefined,
        reason: 'expected a 404 answer',
      });
  }

  const okLocal = [
    ...new Set(
      result.links
        .filter((link) => link.state === LinkState.OK && link.url.startsWith(origin))
        .map((link) => link.url),
    ),
  ];
  // The pages whose own links were followed: every page crawled, or the roots alone.
  const scanned =
    options.recurse === false
      ? options.roots.map((path) => new URL(path, origin).href)
      : [...okLocal, ...expected404];
  const fragments = await checkFragments(origin, scanned);
  // Each broken URL once (linkinator and the fragment check may both report a fragment).
  const seen = new Set<string>();
  const unique = [...broken, ...fragments.broken].filter(
    (link) => !seen.has(link.url) && seen.add(link.url),
  );
  return {
    checked: okLocal.length,
    pages: fragments.pages,
    fragments: fragments.checked,
    broken: unique,
  };
}

/** Fetches every local HTML page, collects its ids, and checks every a/area href with a #fragment. */
async function checkFragments(
  origin: string,
  urls: readonly string[],
): Promise<{ pages: number; checked: number; broken: BrokenLink[] }> {
  const pages = new Map<string, { ids: Set<string>; links: string[] }>();
  await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(url);
      if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return;
      const root = parse(await response.text());
      const ids = new Set<string>();
      for (const element of root.querySelectorAll('[id], a[name]')) {
        const id = element.getAttribute('id') ?? element.getAttribute('name');
        if (id) ids.add(id);
      }
      const links = root
        .querySelectorAll('a[href], area[href]')
        .map((element) => element.getAttribute('href')!)
        .filter((href) => href.includes('#'));
      pages.set(withoutHash(url), { ids, links });
    }),
  );

  const broken: BrokenLink[] = [];
  let checked = 0;
  for (const [pageUrl, page] of pages) {
    for (const href of page.links) {
      const target = new URL(href, pageUrl);
      if (target.origin !== origin) continue;
      const fragment = decodeURIComponent(target.hash.slice(1));
      // "#" and "#top" always work (HTML's "top of the document"), with or without an element.
      if (fragment === '' || fragment.toLowerCase() === 'top') continue;
      checked += 1;
      const targetPage = pages.get(withoutHash(target.href)) ?? (await fetchIds(target));
      if (!targetPage)
        broken.push({
          url: target.href,
          status: undefined,
          parent: pageUrl,
          reason: 'the page of this #fragment is not an HTML page of the site',
        });
      else if (!targetPage.ids.has(fragment))
        broken.push({
          url: target.href,
          status: undefined,
          parent: pageUrl,
          reason: `no element with id "${fragment}" on ${target.pathname}`,
        });
    }
  }
  return { pages: pages.size, checked, broken };
}

async function fetchIds(target: URL): Promise<{ ids: Set<string> } | undefined> {
  const response = await fetch(withoutHash(target.href));
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/html'))
    return undefined;
  const root = parse(await response.text());
  return {
    ids: new Set(root.querySelectorAll('[id]').map((element) => element.getAttribute('id')!)),
  };
}

const withoutHash = (url: string) => url.split('#')[0]!;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const formatBroken = (broken: readonly BrokenLink[]) =>
  broken.map(
    (link) =>
      `${link.url}${link.status ? ` (${link.status})` : ''} on ${link.parent ?? '(start)'}: ${link.reason}`,
  );
