import { z } from 'zod';
import { AssetPathSchema, BranchSchema, DisplayPhoneSchema, RouteSchema } from './common.ts';

const DaySchema = z.enum([
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
]);
const TimeSchema = z
  .string()
  .regex(
    /^(?:[01]\d|2[0-3]):[0-5]\d$/,
    'Write a time as HH:MM on the 24-hour clock, for example "08:00".',
  );

export const OpeningHoursSchema = z.strictObject({
  dayOfWeek: z.array(DaySchema).min(1),
  opens: TimeSchema,
  closes: TimeSchema,
});

export const BranchProfileSchema = z.strictObject({
  name: z.string().min(1),
  route: RouteSchema,
  logo: AssetPathSchema,
  /** One line under the logo on the branch's Open Graph image (the picture shown when a page is shared). */
  tagline: z
    .string()
    .min(1)
    .max(60, 'Keep the tagline to 60 characters: it is one line on the sharing image.')
    .optional(),
});

/** The business profile: the one home of the name, phone, email, address and social links. */
export const BusinessProfileSchema = z.strictObject({
  name: z.string().min(1),
  legalName: z.string().min(1),
  url: z.url({ protocol: /^https$/, error: 'Give the live site address, starting https://' }),
  telephone: z
    .string()
    .regex(
      /^\+44\d{9,10}$/,
      'Write the phone number in international form without spaces, like "+441632960000".',
    ),
  /** How the phone number is shown to people, for example "01632 960 000" (spaces become non-breaking). */
  telephoneDisplay: DisplayPhoneSchema,
  email: z.email(),
  logo: AssetPathSchema,
  image: AssetPathSchema,
  priceRange: z.string().min(1),
  currency: z.literal('GBP'),
  language: z.literal('en-GB'),
  social: z.strictObject({
    instagram: z.url({ protocol: /^https$/ }),
    facebook: z.url({ protocol: /^https$/ }),
  }),
  address: z.strictObject({
    street: z.string().min(1),
    locality: z.string().min(1),
    region: z.string().min(1),
    postalCode: z
      .string()
      .regex(
        /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
        'Write a UK postcode in capitals, like "BR6 0AA".',
      ),
    country: z.string().length(2, 'Use the two-letter country code, "GB".'),
  }),
  geo: z.strictObject({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  openingHours: z.array(OpeningHoursSchema).min(1),
  areaServed: z.array(z.string().min(1)).min(1),
  branches: z.record(BranchSchema, BranchProfileSchema),
});
export type BusinessProfile = z.infer<typeof BusinessProfileSchema>;
