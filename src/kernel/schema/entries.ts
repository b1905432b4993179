import { z } from 'zod';
import {
  AssetPathSchema,
  BranchSchema,
  ImageSchema,
  referenceTo,
  RouteSchema,
  SeoFields,
  SlugSchema,
  cardSummary,
  mainHeading,
} from './common.ts';
import { BlocksSchema } from './blocks.ts';
import { ACCESS_LEVELS, isSignInScreen, SIGN_IN_SCREENS } from '../wire/screens.ts';

/** Which of the two businesses a page belongs to. */
const business = () =>
  BranchSchema.meta({
    title: 'Business',
    description: 'cleaning (Ardent Cleaning) or wellbeing (Ardent Wellbeing): its menus and logo.',
  });
/** The part of a service's or an area's address that is its own. */
const addressOf = (before: string) =>
  SlugSchema.meta({
    title: `Web address (after ardent.example/${before})`,
    description:
      'Lower-case words joined by hyphens, like deep-cleaning-services. Changing it moves the page.',
  });

export const ServiceSchema = z.strictObject({
  slug: addressOf(''),
  name: z.string().min(1).meta({
    title: 'Service name',
    description: 'As menus and cards show it, like Deep Cleaning.',
  }),
  ...SeoFields,
  heading: mainHeading(),
  /** One or two sentences for cards and menus. */
  summary: cardSummary(),
  serviceType: z.string().min(1).meta({
    title: 'Kind of service, for search engines',
    description: 'A plain name for what is done, like Deep cleaning.',
  }),
  branch: business(),
  /** Position in menus and the sidebar; lower first. */
  order: z.number().int().meta({
    title: 'Position in the services list',
    description: 'Lower numbers come first in the menus and the sidebar.',
  }),
  icon: AssetPathSchema.optional().meta({
    advanced: true,
    description: 'The drawing on the service’s card, a file in public/images/icons/.',
  }),
  /** Photos shown after the hero: `{ src: /images/x.jpg, alt: … }`, files in content/images/. */
  images: z
    .array(ImageSchema)
    .default([])
    .meta({ title: 'Photos', description: 'Shown after the top of the page.' }),
  /** Slugs of the area pages this service covers. */
  areaServed: z
    .array(referenceTo('area'))
    .min(1, 'Choose at least one area this service covers.')
    .meta({ title: 'Areas served' }),
  /** A local variant of a service names the one area it is about. */
  area: referenceTo('area').optional().meta({
    title: 'The one area of a local service',
    description: 'Only for a service offered in one area, like Oven Cleaning in Bromley.',
  }),
  offers: z
    .strictObject({
      priceCurrency: z.literal('GBP').default('GBP'),
      availability: z
        .enum(['InStock', 'LimitedAvailability', 'PreOrder', 'SoldOut'])
        .default('InStock')
        .meta({
          description:
            'InStock: taking bookings; LimitedAvailability: few places; PreOrder: booking ahead; SoldOut: fully booked.',
        }),
    })
    .default({ priceCurrency: 'GBP', availability: 'InStock' })
    .meta({ title: 'Availability, for search engines', advanced: true }),
  blocks: BlocksSchema.default([{ type: 'body' }]),
});
export type Service = z.infer<typeof ServiceSchema>;

export const AreaSchema = z.strictObject({
  slug: addressOf('cleaning-services-'),
  name: z
    .string()
    .min(1)
    .meta({ title: 'Area name', description: 'As menus and cards show it, like Petts Wood.' }),
  ...SeoFields,
  heading: mainHeading(),
  summary: cardSummary(),
  /** Whether the Areas Covered dropdown lists this area. */
  inNavigation: z.boolean().meta({ title: 'List it in the Areas Covered menu' }),
  postcodes: z
    .array(z.string().regex(/^[A-Z]{1,2}\d[A-Z\d]?$/, 'Write a postcode district like "BR6".'))
    .min(1)
    .meta({ title: 'Postcode districts', description: 'Like BR6: the part before the space.' }),
  /** Slugs of the services most asked for here. */
  services: z.array(referenceTo('service')).min(1).meta({ title: 'Services most asked for here' }),
  /** Slugs of neighbouring area pages. */
  neighbours: z.array(referenceTo('area')).default([]).meta({ title: 'Neighbouring areas' }),
  blocks: BlocksSchema.default([{ type: 'body' }]),
});
export type Area = z.infer<typeof AreaSchema>;

export const FaqSchema = z.strictObject({
  question: z.string().min(1),
  /** Position on the FAQs page; lower first. */
  order: z.number().int(),
});
export type Faq = z.infer<typeof FaqSchema>;

const StructuredDataKindSchema = z
  .enum(['LocalBusiness', 'FAQPage'])
  .meta({ title: 'Kind of details' });

export const PageSchema = z
  .strictObject({
    route: RouteSchema.meta({
      title: 'Web address (after ardent.example)',
      description: 'A slash, then lower-case words joined by hyphens, like /spring-offer.',
    }),
    ...SeoFields,
    heading: mainHeading(),
    /** home: no header, sidebar or scroll-to-top. app: a shell for a client-side screen. */
    template: z.enum(['home', 'standard', 'app']).default('standard').meta({
      title: 'Layout',
      description:
        'standard for a page; home for the home page only; app for a sign-in, admin or builder screen.',
      advanced: true,
    }),
    branch: business().optional(),
    /** Kept out of search engines and the sitemap (pages with `access: admin` always are). */
    noindex: z.boolean().default(false).meta({
      title: 'Hide from search engines',
      description:
        'Keeps the page out of Google and the sitemap; visitors with the address can still open it.',
    }),
    /**
     * Who may see the page's screen. `admin`: the auth-client guard lets only signed-in
     * administrators in; the page is noindex, left out of the sitemap and disallowed in robots.txt.
     */
    access: z.enum(ACCESS_LEVELS).default('public').meta({
      title: 'Who may open it',
      description: 'public: everyone; admin: signed-in administrators only (app layout only).',
      advanced: true,
    }),
    /** Short label in breadcrumbs; defaults to the heading. */
    breadcrumb: z.string().min(1).optional().meta({
      title: 'Short name in the “Home ›” trail',
      description: 'Shown above the heading; the main heading when left empty.',
    }),
    /** Extra JSON-LD this page carries (BreadcrumbList is automatic). */
    structuredData: z.array(StructuredDataKindSchema).default([]).meta({
      title: 'Extra details for search engines',
      description:
        'LocalBusiness: the business’s details; FAQPage: the page’s questions and answers.',
      advanced: true,
    }),
    /** The client-side screen mounted into an app page's shell. */
    mount: SlugSchema.optional().meta({
      title: 'Screen on the page',
      description: 'For the app layout only: the sign-in, admin or builder screen the page holds.',
      advanced: true,
    }),
    blocks: BlocksSchema.default([{ type: 'body' }]),
  })
  .superRefine((page, ctx) => {
    if (page.template === 'app' && !page.mount) {
      ctx.addIssue({
        code: 'custom',
        path: ['mount'],
        message: 'App pages must name the screen they mount, for example "mount: login".',
      });
    } else if (page.template === 'app' && page.access === 'public' && !isSignInScreen(page.mount)) {
      ctx.addIssue({
        code: 'custom',
        path: ['mount'],
        message: `A public app page mounts one of the sign-in screens (${SIGN_IN_SCREENS.join(', ')}); a page for administrators also says "access: admin".`,
      });
    }
    if (page.access !== 'public' && page.template !== 'app') {
      ctx.addIssue({
        code: 'custom',
        path: ['access'],
        message: 'Only app pages ("template: app") can be limited to administrators.',
      });
    }
  });
export type Page = z.infer<typeof PageSchema>;

export const ErrorPageSchema = z.strictObject({
  status: z.union([z.literal(404), z.literal(500)], {
    error: 'Use 404 (page not found) or 500 (server error).',
  }),
  title: z.string().min(1),
  heading: z.string().min(1),
  /** For 404, "{path}" is replaced in the browser by the requested path, as text. */
  message: z.string().min(1),
});
export type ErrorPage = z.infer<typeof ErrorPageSchema>;
