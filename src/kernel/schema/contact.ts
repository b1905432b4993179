import { z } from 'zod';
import { DisplayPhoneSchema, RouteSchema, SlugSchema } from './common.ts';

export const DEFAULT_LOCATION = 'Orpington, Bromley and surrounding areas';

/**
 * A contact-details file. Editors may write phone and email flat or nested under `contact:`;
 * the schema's output is always the flat record the site and the browser read, defaults applied.
 */
export const ContactDetailsSchema = z
  .strictObject({
    /** The product named by the default title, "Contact {product}". */
    product: z.string().min(1),
    title: z.string().min(1).optional(),
    subtitle: z.string().optional(),
    phone: DisplayPhoneSchema.optional(),
    email: z.email().optional(),
    location: z.string().min(1).optional(),
    contact: z
      .strictObject({
        phone: DisplayPhoneSchema.optional(),
        email: z.email().optional(),
      })
      .optional(),
  })
  .superRefine((value, ctx) => {
    for (const field of ['phone', 'email'] as const) {
      if (value[field] !== undefined && value.contact?.[field] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['contact', field],
          message: `${field} is given twice: keep either "${field}:" or "contact.${field}:".`,
        });
      }
    }
  })
  .transform((value) => ({
    title: value.title ?? `Contact ${value.product}`,
    subtitle: value.subtitle ?? '',
    phone: value.phone ?? value.contact?.phone ?? null,
    email: value.email ?? value.contact?.email ?? null,
    location: value.location ?? DEFAULT_LOCATION,
  }));
export type ContactDetails = z.output<typeof ContactDetailsSchema>;

/** Which contact file a path uses: exact matches first, then the longest matching prefix, else the default. */
export const ContactRoutingSchema = z.strictObject({
  default: SlugSchema,
  rules: z.array(
    z.strictObject({
      match: z.enum(['exact', 'prefix']),
      path: z.string().regex(/^\/[a-z0-9/-]*$/, 'Write a path starting with "/".'),
      file: SlugSchema,
    }),
  ),
});
export type ContactRouting = z.infer<typeof ContactRoutingSchema>;

export { RouteSchema };
