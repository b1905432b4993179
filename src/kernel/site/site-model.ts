import type { FirebaseWebConfig } from '../wire/firebase-config.ts';
import type { ContentEntry } from '../content/entry.ts';
import type { InvalidEntries, LoadedContent } from '../content/collections.ts';
import { throwIfProblems, type ContentProblem } from '../errors/problems.ts';
import type {
  Area,
  BusinessProfile,
  ContactDetails,
  ContactRouting,
  ErrorPage,
  Faq,
  Service,
} from '../schema/index.ts';
import type { PageCheckMemory } from './check-page.ts';
import { crossCheck } from './cross-check.ts';
import { buildNavigation, type NavModel } from './navigation.ts';
import { derivePages, type SitePage } from './pages.ts';

/** A contact record as served: phone and email fall back to the business profile's. */
export type ResolvedContact = ContactDetails;

/** Stage 2's output: everything the renderer and emitters need, computed once. */
export interface SiteModel {
  siteUrl: string;
  builtAt: Date;
  profile: BusinessProfile;
  pages: readonly SitePage[];
  byRoute: ReadonlyMap<string, SitePage>;
  services: LoadedContent['services'];
  areas: LoadedContent['areas'];
  faqs: readonly ContentEntry<Faq>[];
  contacts: ReadonlyMap<string, ResolvedContact>;
  contactRouting: ContactRouting;
  navigation: NavModel;
  logoRule: LoadedContent['navigation']['data']['logo'];
  errorPages: { notFound: ContentEntry<ErrorPage>; serverError: ContentEntry<ErrorPage> };
  /** The sign-in service the account pages use; without it they say that sign-in is not set up. */
  firebase?: FirebaseWebConfig;
}

export interface DeriveOptions {
  /** Netlify's URL build variable wins over the profile's url. */
  siteUrl?: string;
  builtAt: Date;
  /** From the build environment (src/kernel/wire/firebase-config.ts), or the local Auth emulator's. */
  firebase?: FirebaseWebConfig;
  /** A session's memory of each page's cross-check (src/kernel/site/cross-check.ts), for updates. */
  checked?: PageCheckMemory;
}

type EarlierProblems = { problems: readonly ContentProblem[]; invalid?: InvalidEntries };

/**
 * Stage 2: derives routes and navigation and cross-checks the whole site; throws every problem at
 * once, together with the problems the loader found earlier in files that did not load.
 */
export function deriveSite(
  content: LoadedContent,
  options: DeriveOptions,
  earlier: EarlierProblems = { problems: [] },
): SiteModel {
  const pages = derivePages(content);
  throwIfProblems([
    ...earlier.problems,
    ...crossCheck(content, pages, earlier.invalid, options.checked),
  ]);
  return modelFrom(content, pages, options);
}

/** The orders of the model's lists. */
const byServiceOrder = (a: ContentEntry<Service>, b: ContentEntry<Service>) =>
  a.data.order - b.data.order || a.data.name.localeCompare(b.data.name);
/** One collator for the build: localeCompare with a locale makes one per call. */
const britishOrder = new Intl.Collator('en-GB');
const byAreaName = (a: ContentEntry<Area>, b: ContentEntry<Area>) =>
  britishOrder.compare(a.data.name, b.data.name);
const byFaqOrder = (a: ContentEntry<Faq>, b: ContentEntry<Faq>) => a.data.order - b.data.order;

const siteUrlOf = (options: DeriveOptions, profile: BusinessProfile) =>
  (options.siteUrl || profile.url).replace(/\/+$/, '');

function modelFrom(content: LoadedContent, pages: SitePage[], options: DeriveOptions): SiteModel {
  const profile = content.profile.data;
  const services = [...content.services].sort(byServiceOrder);
  const areas = [...content.areas].sort(byAreaName);
  const errorPage = (status: 404 | 500) =>
    content.errorPages.find((entry) => entry.data.status === status)!;
  return {
    siteUrl: siteUrlOf(options, profile),
    builtAt: options.builtAt,
    profile,
    pages,
    byRoute: new Map(pages.map((page) => [page.route, page])),
    services,
    areas,
    faqs: [...content.faqs].sort(byFaqOrder),
    contacts: new Map(
      content.contacts.map((entry) => [entry.name, resolveContact(entry.data, profile)]),
    ),
    contactRouting: content.contactRouting.data,
    navigation: buildNavigation(content.navigation.data, services, areas, profile),
    logoRule: content.navigation.data.logo,
    errorPages: { notFound: errorPage(404), serverError: errorPage(500) },
    ...(options.firebase ? { firebase: options.firebase } : {}),
  };
}

/** Phone and email live in the business profile unless a contact file gives its own. */
function resolveContact(contact: ContactDetails, profile: BusinessProfile): ResolvedContact {
  return {
    ...contact,
    phone: contact.phone ?? profile.telephoneDisplay,
    email: contact.email ?? profile.email,
  };
}
