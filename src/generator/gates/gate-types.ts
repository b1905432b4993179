// What a page gate is, and what it is given: the pages a change altered and the served site. Apart
// from the gates (static-gates.ts, browser-gates.ts) and the list that runs them (page-gates.ts).
import type { ProblemCode } from '../../kernel/errors/problems.ts';
import type { LighthousePage } from './lighthouse-pages.ts';

/** The gates by the names `npm run check:change -- --skip` takes, in the order they run. */
export const GATE_IDS = ['html-validate', 'w3c', 'links', 'json-ld', 'axe', 'lighthouse'] as const;
export type GateId = (typeof GATE_IDS)[number];

/** One built page, as the gates see it. */
export interface GatePage {
  /** How the report names it: its address ("/about"), or "the 404 page". */
  name: string;
  /** Its template ("service", "area", "standard"…, "error"): pages of one kind share the layout's menus. */
  kind: string;
  /** Its HTML file in the output folder ("about.html"). */
  file: string;
  /** The content file it is made from, which its problems name ("content/pages/about.md"). */
  source: string;
  /** The address it is asked for and the status it answers with; none for a page no address serves (the 500 page). */
  url?: { path: string; status: number };
  /**
   * A page of the site's content, which the browser gates (axe, Lighthouse) check. Not an account
   * screen (template "app": sign-in, /admin, the builder), whose behaviour is the sign-in service's:
   * npm test checks those against the local Auth emulator, signed in where they are guarded. A
   * content change reaches them only through the layout, which every other page shows too.
   */
  browser: boolean;
  /** How Lighthouse audits it. */
  lighthouse?: LighthousePage;
}

/** The built site the gates check. */
export interface GateSite {
  /** The output folder. */
  root: string;
  /** Where it is served as `npm start` serves it: http://127.0.0.1:<port>. */
  origin: string;
  /** The public address the pages name (canonical links, JSON-LD), checked on the local copy. */
  siteUrl?: string;
  /** The one Chromium of the run, started on first use: its remote debugging port, for Lighthouse and for Playwright over CDP. */
  chromium: () => Promise<{ port: number }>;
  /** Where Lighthouse's reports go. */
  reports?: string;
  /** Lines for the person running the check (Lighthouse's table). */
  log: (line: string) => void;
}

export interface GateFinding {
  page: GatePage;
  message: string;
  /** When not the gate's own code (axe's gate also reports console errors). */
  code?: ProblemCode;
}

export interface PageGate {
  /** How `npm run check:change -- --skip` names it. */
  id: GateId;
  /** Its name in the output, with the time it took. */
  name: string;
  /** The code of what it finds (src/kernel/errors/catalogue.ts). */
  code: ProblemCode;
  /** The pages it checks of those given (all, unless it says). */
  checks?(page: GatePage): boolean;
  run(pages: readonly GatePage[], site: GateSite): Promise<GateFinding[]>;
}
