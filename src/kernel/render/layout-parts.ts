import type { ScriptBudget } from '../wire/budgets.ts';
import {
  builderScript,
  ENQUIRY_FORM_SCRIPT,
  GUARD_START,
  REACT_RUNTIME,
  SCREENS,
  screenOf,
  SIGN_IN_START,
  type IslandName,
  type ScreenName,
} from '../wire/screens.ts';
import type { SitePage } from '../site/pages.ts';

/** Which parts of the layout a page has. The one place that decides, for the markup and the scripts. */
export interface LayoutParts {
  header: boolean;
  sidebar: boolean;
  scrollToTop: boolean;
  /** The smart contact section: every page but /contact, which shows the full details instead. */
  contact: boolean;
  /** The screen an app page mounts (src/kernel/wire/screens.ts): started as the page loads.  */
  screen: ScreenName | null;
  /** The page's blocks hold the enquiry form, whose script runs as the page loads. */
  enquiryForm: boolean;
}

const CONTACT_ROUTE = '/contact';

/**
 * The home page turns off the header, sidebar and scroll-to-top; the branch logos lead the way in.
 * App pages (account and admin screens) are focused: no services sidebar.
 */
export function layoutParts(
  page: Pick<SitePage, 'route' | 'template' | 'access' | 'mount' | 'blocks'>,
): LayoutParts {
  const home = page.template === 'home';
  const app = page.template === 'app';
  return {
    header: !home,
    sidebar: !home && !app,
    scrollToTop: !home,
    contact: page.route !== CONTACT_ROUTE,
    screen: app ? screenOf(page) : null,
    enquiryForm: page.blocks.some((block) => block.type === 'enquiry-form'),
  };
}

/** The islands a page with these parts contains: the only scripts it loads, besides the boot script. */
function islandsOf(parts: LayoutParts): IslandName[] {
  const islands: IslandName[] = [];
  if (parts.header) islands.push('header');
  if (parts.sidebar) islands.push('sidebar');
  if (parts.contact) islands.push('contact');
  if (parts.scrollToTop) islands.push('scroll-top');
  return islands;
}

/**
 * The scripts of a page: `run` from a script tag as the page loads (boot, the enquiry form's),
 * `load` imported later (the islands, and the screen itself with React). A screen behind the guard
 * of the site's bundle starts from the guard's starter, which holds the Firebase SDK to read the
 * session at once; a sign-in screen from a starter that holds neither; a builder screen from its
 * own entry, in the builder's bundle, with that bundle's copies of boot and the islands.
 */
export function pageEntries(
  parts: LayoutParts,
  extra: readonly string[] = [],
): { run: string[]; load: string[]; budget: ScriptBudget } {
  const spec = parts.screen ? SCREENS[parts.screen] : null;
  const screen = !spec
    ? { run: [], load: [] }
    : spec.bundle === 'builder'
      ? { run: [spec.entry], load: [...spec.load] }
      : spec.guard
        ? { run: [GUARD_START], load: [REACT_RUNTIME, spec.entry, ...spec.load] }
        : { run: [SIGN_IN_START], load: [spec.entry] };
  const entry = (name: string) => (spec?.bundle === 'builder' ? builderScript(name) : name);
  const forms = parts.enquiryForm ? [ENQUIRY_FORM_SCRIPT] : [];
  return {
    run: ['boot', ...screen.run, ...forms, ...extra].map(entry),
    load: [...islandsOf(parts), ...screen.load].map(entry),
    budget: spec?.budget ?? 'jsGzipPerPage',
  };
}
