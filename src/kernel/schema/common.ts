import { z } from 'zod';

/** A URL-safe identifier; file names and references use it. */
export const SlugSchema = z
  .string()
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'Use lower-case letters, digits and single hyphens, for example "deep-cleaning-services".',
  );

/** A site route: "/" or "/segment[/segment…]", no trailing slash. */
export const RouteSchema = z
  .string()
  .regex(
    /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/,
    'Write a route like "/about": a leading slash, lower-case words joined by hyphens, no trailing slash.',
  );

/**
 * A link target written by an editor: a root-relative route with an optional #fragment,
 * a same-page #fragment, or an absolute https:, mailto: or tel: address.
 */
export const HrefSchema = z
  .string()
  .regex(
    /^(?:\/[^\s]*|#[\w-]+|https:\/\/[^\s]+|mailto:[^\s]+|tel:\+?[\d]+)$/,
    'Write a link as "/route", "/route#heading", "#heading", "https://…", "mailto:…" or "tel:+44…".',
  );

/**
 * A phone number as people read it, for example "01632 960 123". Its spaces become non-breaking
 * spaces, so the number never wraps across lines (html-validate's tel-non-breaking rule).
 */
export const DisplayPhoneSchema = z
  .string()
  .min(1)
  .transform((phone) => phone.trim().replace(/\s+/g, '\u00a0'));

/** A file served from public/, referenced by its root-relative path. */
export const AssetPathSchema = z
  .string()
  .regex(
    /^\/[\w./-]+\.(?:svg|png|jpe?g|webp|avif|ico)$/,
    'Give a path under public/, like "/images/logo.svg".',
  );

/**
 * A photo or other raster image in content/images/, referenced as "/images/<name>.<ext>", or a
 * photo from the media library, "storage:media/<name>.<ext>" (src/kernel/wire/library-reference.ts).
 * The build resizes it and converts it to AVIF and WebP (src/images/).
 */
export const RasterImagePathSchema = z
  .string()
  .regex(
    /^(?:\/images\/[\w./-]+|storage:media\/[a-z0-9][a-z0-9._-]*)\.(?:jpe?g|png|webp|avif)$/i,
    'Give the path of a photo in content/images/, like "/images/oven-before.jpg" (JPEG, PNG, WebP or AVIF), or a photo from the media library, like "storage:media/kitchen.jpg".',
  );

/**
 * A raster image with its alternative text. The alt text is required: a missing or empty one is
 * reported by the image check as "missing-alt", as for an image in Markdown, with its line.
 */
export const ImageSchema = z
  .strictObject({
    src: RasterImagePathSchema.meta({ title: 'Photo' }),
    /** What the image shows, for people who cannot see it. */
    alt: z.string().default('').meta({ title: 'Alt text' }),
  })
  .meta({ widget: 'image', title: 'Photo' });
export type Image = z.infer<typeof ImageSchema>;

export const BranchSchema = z.enum(['cleaning', 'wellbeing']);
export type Branch = z.infer<typeof BranchSchema>;

export const ActionSchema = z
  .strictObject({
    label: z.string().min(1).meta({ title: 'Button text' }),
    href: HrefSchema.meta({
      widget: 'link',
      title: 'Goes to',
      description: 'A page of the site, like /contact, or a full web address.',
    }),
  })
  .meta({ title: 'Button' });
export type Action = z.infer<typeof ActionSchema>;

/** Search-engine fields every page carries. Length rules live in the content lint. */
export const SeoFields = {
  title: z.string().min(1, 'Give the page a title for the browser tab and search results.').meta({
    title: 'Title in search results',
    description: 'Also the browser tab’s: what the page offers and where, in about 60 characters.',
  }),
  description: z
    .string()
    .min(1, 'Give the page a one-sentence description for search results.')
    .meta({
      widget: 'longtext',
      title: 'Description in search results',
      description: 'One or two sentences, 50 to 160 characters, that make someone want to visit.',
    }),
};
/** The large heading at the top of a page, its h1. */
export const mainHeading = () =>
  z
    .string()
    .min(1)
    .meta({ title: 'Main heading', description: 'The large heading at the top of the page.' });
/** A page's short text for the cards and menus that link to it. */
export const cardSummary = () =>
  z.string().min(1).meta({
    widget: 'longtext',
    title: 'Summary for cards and menus',
    description: 'One or two sentences.',
  });

/**
 * What the block builder needs to know of a field beyond its type, given with `.meta()` in the
 * schemas themselves (src/kernel/schema/fields.ts reads it): a reference is picked from the
 * site's real entries, Markdown gets a toolbar, a link a picker over the site's routes, an image
 * the image picker (alt text required); long text gets a text area.
 */
export type FieldWidget = 'reference' | 'markdown' | 'link' | 'image' | 'longtext';
export type ReferenceKind = 'service' | 'area' | 'faq' | 'contact';

/** A slug that names another entry: a service, an area, an FAQ or a contact file. */
export const referenceTo = (references: ReferenceKind) =>
  SlugSchema.meta({ widget: 'reference', references });
/** Text of more than one line. */
export const longText = () => z.string().meta({ widget: 'longtext' });
