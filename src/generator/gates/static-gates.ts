// The page gates that need no browser: they read the built files, or fetch them from the served
// site (html-validity.ts, w3c-validity.ts, links.ts, structured-data.ts). Quick, so they run first.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageGate } from './gate-types.ts';
import { formatHtmlProblems, validateHtmlFiles } from './html-validity.ts';
import { crawlSite } from './links.ts';
import { structuredDataProblems } from './structured-data.ts';
import { ensureJava, formatW3cErrors, JAVA_NEEDED, w3cErrors } from './w3c-validity.ts';

/** html-validate with the project's .htmlvalidate.mjs. */
export const htmlValidate: PageGate = {
  id: 'html-validate',
  name: 'html-validate',
  code: 'page-html-invalid',
  async run(pages, site) {
    const byFile = new Map(pages.map((page) => [page.file, page]));
    const problems = await validateHtmlFiles(
      site.root,
      pages.map((page) => path.join(site.root, page.file)),
    );
    const lines = formatHtmlProblems(problems);
    return problems.map((problem, index) => ({
      page: byFile.get(problem.file)!,
      message: lines[index]!,
    }));
  },
};

/** The W3C's Nu Html Checker, errors only: all the pages in one run of Java, whose start-up is most of its cost. */
export const w3c: PageGate = {
  id: 'w3c',
  name: 'W3C checker',
  code: 'page-html-invalid',
  async run(pages, site) {
    if (!ensureJava()) throw new Error(JAVA_NEEDED);
    const byFile = new Map(pages.map((page) => [page.file, page]));
    const errors = await w3cErrors(
      site.root,
      pages.map((page) => path.join(site.root, page.file)),
    );
    const lines = formatW3cErrors(errors);
    return errors.map((error, index) => ({
      page: byFile.get(error.file) ?? pages[0]!,
      message: lines[index]!,
    }));
  },
};

/**
 * Every link, image, script and stylesheet of the pages checked answers, without a redirect, and
 * each #fragment names an element there. (Links into them from other pages are the content
 * check's: it finds a link to a heading that no longer exists, in the file that links.)
 */
export const links: PageGate = {
  id: 'links',
  name: 'links',
  code: 'page-broken-link',
  checks: (page) => page.url !== undefined,
  async run(pages, site) {
    const roots = pages.map((page) => page.url!.path);
    const result = await crawlSite({
      origin: site.origin,
      roots,
      expectNotFound: roots.filter((_, index) => pages[index]!.url!.status === 404),
      siteUrl: site.siteUrl,
      recurse: false,
    });
    const byPath = new Map(pages.map((page) => [page.url!.path, page]));
    return result.broken.map((link) => {
      const page =
        (link.parent && byPath.get(new URL(link.parent).pathname)) ||
        byPath.get(new URL(link.url).pathname) ||
        pages[0]!;
      return {
        page,
        message: `${link.url.replace(site.origin, '')}${link.status ? ` (${link.status})` : ''}: ${link.reason}`,
      };
    });
  },
};

/** Every JSON-LD block valid against schema.org, and a LocalBusiness with what Google asks for. */
export const structuredData: PageGate = {
  id: 'json-ld',
  name: 'JSON-LD',
  code: 'page-structured-data',
  async run(pages, site) {
    const found = await Promise.all(
      pages.map(async (page) =>
        (
          await structuredDataProblems(await readFile(path.join(site.root, page.file), 'utf8'))
        ).problems.map((message) => ({ page, message })),
      ),
    );
    return found.flat();
  },
};
