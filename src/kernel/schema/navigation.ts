import { z } from 'zod';
import { ActionSchema, BranchSchema, RouteSchema } from './common.ts';

/** Header, sidebar, footer and logo rules. Area and service lists come from their own files. */
export const NavigationSchema = z.strictObject({
  /** Groups of the "Our Services" dropdown; each lists the services of its branch. */
  servicesMenu: z
    .array(
      z.strictObject({
        label: z.string().min(1),
        href: RouteSchema.meta({ title: 'Link' }),
        branch: BranchSchema,
      }),
    )
    .min(1),
  /** Plain header links after the dropdowns. */
  links: z.array(ActionSchema).min(1),
  sidebar: z.strictObject({
    heading: z.string().min(1),
    /** Entries listed after the services. */
    extra: z.array(ActionSchema).default([]),
  }),
  footer: z.strictObject({
    links: z.array(ActionSchema).min(1),
  }),
  /** Paths whose header shows the wellbeing logo, linking to that branch; all others show cleaning. */
  logo: z.strictObject({
    wellbeingPaths: z.array(RouteSchema).min(1),
  }),
});
export type Navigation = z.infer<typeof NavigationSchema>;
