import { z } from 'zod';
import { AssetPathSchema, BranchSchema, ImageSchema, longText, referenceTo, RouteSchema, SeoFields, SlugSchema } from './common.ts';
import { BlocksSchema } from './blocks.ts';
import { ACCESS_LEVELS, isSignInScreen, SIGN_IN_SCREENS } from '../wire/screens.ts';

export const ServiceSchema = z.strictObject({
  slug: SlugSchema,
  name: z.string().min(1),
  ...SeoFields,
  heading: z.string().min(1),
  /** One or two sentences for cards and menus. */
  summary: longText().min(1),
  serviceType: z.string().min(1),
  branch: BranchSchema,
  /** Position in menus and the sidebar; lower first. */
  order: z.number().int(),
  icon: AssetPathSchema.optional(),
  /** Photos shown after the hero: `{ src: /images/x.jpg, alt: … }`, files in content/images/. */
  images: z.array(ImageSchema).default([]),
  /** Slugs of the area pages this service covers. */
  areaServed: z.array(referenceTo('area')).min(1, 'List at least one area slug this service covers.'),
  /** A local variant of a service names the one area it is about. */
  area: referenceTo('area').optional(),
  offers: z
    .strictObject({
      priceCurrency: z.literal('GBP').default('GBP'),
      availability: z.enum(['InStock', 'LimitedAvailability', 'PreOrder', 'SoldOut']).default('InStock'),
    })
    .default({ priceCurrency: 'GBP', availability: 'InStock' }),
  blocks: BlocksSchema.default([{ type: 'body' }]),
});
export type Service = z.infer<typeof ServiceSchema>;

export const AreaSchema = z.strictObject({
  slug: SlugSchema,
  name: z.string().min(1),
  ...SeoFields,
  heading: z.string().min(1),
  summary: longText().min(1),
  /** Whether the Areas Covered dropdown lists this area. */
  inNavigation: z.boolean(),
  postcodes: z.array(z.string().regex(/^[A-Z]{1,2}\d[A-Z\d]?$/, 'Write a postcode district like "BR6".')).min(1),
  /** Slugs of the services most asked for here. */
  services: z.array(referenceTo('service')).min(1),
  /** Slugs of neighbouring area pages. */
  neighbours: z.array(referenceTo('area')).default([]),
  blocks: BlocksSchema.default([{ type: 'body' }]),
});
export type Area = z.infer<typeof AreaSchema>;

export const FaqSchema = z.strictObject({
  question: z.string().min(1),
  /** Position on the FAQs page; lower first. */
  order: z.number().int(),
});
export type Faq = z.infer<typeof FaqSchema>;

const StructuredDataKindSchema = z.enum(['LocalBusiness', 'FAQPage']);

export const PageSchema = z
  .strictObject({
    route: RouteSchema,
    ...SeoFields,
    heading: z.string().min(1),
    /** home: no header, sidebar or scroll-to-top. app: a shell for a client-side screen. */
    template: z.enum(['home', 'standard', 'app']).default('standard'),
    branch: BranchSchema.optional(),
    /** Kept out of search engines and the sitemap (pages with `access: admin` always are). */
    noindex: z.boolean().default(false),
    /**
     * Who may see the page's screen. `admin`: the auth-client guard lets only signed-in
     * administrators in; the page is noindex, left out of the sitemap and disallowed in robots.txt.
     */
    access: z.enum(ACCESS_LEVELS).default('public'),
    /** Short label in breadcrumbs; defaults to the heading. */
    breadcrumb: z.string().min(1).optional(),
    /** Extra JSON-LD this page carries (BreadcrumbList is automatic). */
    structuredData: z.array(StructuredDataKindSchema).default([]),
    /** The client-side screen mounted into an app page's shell. */
    mount: SlugSchema.optional(),
    blocks: BlocksSchema.default([{ type: 'body' }]),
  })
  .superRefine((page, ctx) => {
    if (page.template === 'app' && !page.mount) {
      ctx.addIssue({ code: 'custom', path: ['mount'], message: 'App pages must name the screen they mount, for example "mount: login".' });
    } else if (page.template === 'app' && page.access === 'public' && !isSignInScreen(page.mount)) {
      ctx.addIssue({
        code: 'custom',
        path: ['mount'],
        message: `A public app page mounts one of the sign-in screens (${SIGN_IN_SCREENS.join(', ')}); a page for administrators also says "access: admin".`,
      });
    }
    if (page.access !== 'public' && page.template !== 'app') {
      ctx.addIssue({ code: 'custom', path: ['access'], message: 'Only app pages ("template: app") can be limited to administrators.' });
    }
  });
export type Page = z.infer<typeof PageSchema>;

export const ErrorPageSchema = z.strictObject({
  status: z.union([z.literal(404), z.literal(500)], { error: 'Use 404 (page not found) or 500 (server error).' }),
  title: z.string().min(1),
  heading: z.string().min(1),
  /** For 404, "{path}" is replaced in the browser by the requested path, as text. */
  message: z.string().min(1),
});
export type ErrorPage = z.infer<typeof ErrorPageSchema>;
