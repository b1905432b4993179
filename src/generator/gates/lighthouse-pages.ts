// The Lighthouse thresholds and the pages held to them (issue 5): data, in one place, read by the
// gate (lighthouse-gate.ts), the runner (tests/runners/lighthouse.ts) and `npm run check:change`.
import type { Result } from 'lighthouse';

/**
 * An audit a page fails by design, with why. `accept` says whether this failure is the one
 * expected (anything else in the same audit still fails the page); `mustFail` makes an exemption
 * that no longer applies fail too, so it cannot linger.
 */
export interface ExpectedFailure {
  audit: string;
  why: string;
  mustFail?: boolean;
  accept?: (audit: AuditResult, lhr: Result) => boolean;
}
type AuditResult = Result['audits'][string];

export interface LighthousePage {
  kind: string;
  path: string;
  /** Audited signed in as this local account (the seeded administrator): a guarded page's screen, not the way to /login. */
  signedInAs?: 'admin';
  /** The status the page answers with, when it is not 200 (Lighthouse refuses error statuses unless told). */
  status?: number;
  expectedFailures?: readonly ExpectedFailure[];
  /** The thresholds the page is held to: the public pages' (issue 5) unless given. */
  thresholds?: Thresholds;
  /** Audited once whatever it scores: the broken fixture, which must fail, and whose every run would. */
  once?: boolean;
}

/** The rows of an audit's table, loosely typed. */
const itemsOf = (audit: AuditResult) =>
  (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];

/** The sign-in pages are public but noindex: nobody searches for them. */
const NOINDEX_SIGN_IN: ExpectedFailure = {
  audit: 'is-crawlable',
  mustFail: true,
  why: 'a sign-in page is noindex: nobody searches for it, and the sitemap lists the pages that help visitors',
};

export interface Thresholds {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  /** Cumulative Layout Shift. */
  cls: number;
  /** Total Blocking Time, ms; none beyond what the performance score weighs when absent. */
  tbt?: number;
}

/** The public pages, which visitors on slow phones open first (issue 5). */
export const THRESHOLDS: Thresholds = {
  performance: 0.98,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
  /** Nothing moves at all. */
  cls: 0,
  tbt: 50,
};

/**
 * The sign-in pages and the guarded screen (issue 13: performance ≥ 0.95, the other categories at
 * 100): they start the Firebase SDK, and the admin screen React, as they load.
 */
export const ACCOUNT_THRESHOLDS: Thresholds = { ...THRESHOLDS, performance: 0.95, tbt: undefined };

/** One page of each kind the issue names. */
export const LIGHTHOUSE_PAGES: readonly LighthousePage[] = [
  { kind: 'home', path: '/' },
  { kind: 'branch', path: '/ardent-cleaning' },
  { kind: 'service', path: '/domestic-cleaning-services' },
  { kind: 'area', path: '/cleaning-services-orpington' },
  { kind: 'faqs', path: '/faqs' },
  { kind: 'contact', path: '/contact' },
  { kind: 'about', path: '/about' },
  {
    kind: 'sign in',
    path: '/login',
    expectedFailures: [NOINDEX_SIGN_IN],
    thresholds: ACCOUNT_THRESHOLDS,
  },
  {
    kind: 'register',
    path: '/register',
    expectedFailures: [NOINDEX_SIGN_IN],
    thresholds: ACCOUNT_THRESHOLDS,
  },
  {
    kind: 'reset password',
    path: '/reset-password',
    expectedFailures: [NOINDEX_SIGN_IN],
    thresholds: ACCOUNT_THRESHOLDS,
  },
  {
    kind: 'guarded (administrator)',
    path: '/admin',
    signedInAs: 'admin',
    thresholds: ACCOUNT_THRESHOLDS,
    expectedFailures: [
      {
        audit: 'is-crawlable',
        mustFail: true,
        why: 'a page behind the guard is noindex and disallowed in robots.txt: it must not be indexed',
      },
    ],
  },
  {
    kind: '404',
    path: '/this-page-does-not-exist',
    status: 404,
    // Lighthouse's SEO category and its console audit are written for pages meant to be found.
    expectedFailures: [
      { audit: 'http-status-code', mustFail: true, why: 'a missing page must answer 404' },
      {
        audit: 'is-crawlable',
        mustFail: true,
        why: 'the 404 page is noindex: it must not be indexed',
      },
      {
        audit: 'errors-in-console',
        why: 'Chromium logs "Failed to load resource: … 404" for a document answered with 404; any other console error still fails',
        accept: (audit, lhr) =>
          itemsOf(audit).every(
            (item) =>
              item.source === 'network' &&
              (item.sourceLocation as { url?: string } | undefined)?.url === lhr.finalDisplayedUrl,
          ),
      },
    ],
  },
];

/** A public page kept out of search engines on purpose (the thank-you page after an enquiry). */
const NOINDEX_PAGE: ExpectedFailure = {
  audit: 'is-crawlable',
  mustFail: true,
  why: 'the page is noindex: it is kept out of search engines on purpose',
};

/**
 * How a page is audited: as LIGHTHOUSE_PAGES has it when it lists the path (its thresholds and
 * expected failures), else with the public pages' thresholds, a noindex page allowed to fail
 * is-crawlable and nothing else (`npm run check:change` on the pages a change altered).
 */
export function lighthousePageFor(
  path: string,
  { kind, noindex }: { kind: string; noindex: boolean },
): LighthousePage {
  return (
    LIGHTHOUSE_PAGES.find((page) => page.path === path) ?? {
      kind,
      path,
      ...(noindex ? { expectedFailures: [NOINDEX_PAGE] } : {}),
    }
  );
}
