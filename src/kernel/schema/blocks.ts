import { z } from 'zod';
import { ActionSchema, BranchSchema, longText, referenceTo, RouteSchema } from './common.ts';

/** A section's own heading, which may be left out. */
const sectionHeading = () => z.string().meta({ title: 'Heading' });

/*
 * Page bodies are lists of typed blocks. This union is the one declaration of the format:
 * the renderer switches on `type`, and a visual block builder can edit the same objects.
 */

/** A hero that opens the page carries the page's h1: its heading, or else the page's. */
export const HeroBlockSchema = z
  .strictObject({
    type: z.literal('hero'),
    heading: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'Leave it empty to use the page’s main heading.' }),
    lead: longText()
      .optional()
      .meta({ title: 'Introduction', description: 'A sentence or two under the heading.' }),
    actions: z.array(ActionSchema).max(2).default([]).meta({ title: 'Buttons' }),
  })
  .meta({
    title: 'Hero',
    description: "Opens the page: the page's heading, a short lead and up to two buttons.",
  });

/** Places the Markdown body of the file (below the front matter). */
export const BodyBlockSchema = z
  .strictObject({
    type: z.literal('body'),
  })
  .meta({
    title: 'Page text',
    description: 'Shows the page’s main text, written under “Page text” below the blocks.',
  });

/** Markdown written inside the block itself, for builder-made pages. */
export const MarkdownBlockSchema = z
  .strictObject({
    type: z.literal('markdown'),
    markdown: z.string().min(1).meta({ widget: 'markdown', title: 'Text' }),
  })
  .meta({
    title: 'Text',
    description: 'A section of text written in Markdown: headings, paragraphs, lists and links.',
  });

export const ServicesGridBlockSchema = z
  .strictObject({
    type: z.literal('services-grid'),
    heading: sectionHeading().optional(),
    branch: z
      .enum([...BranchSchema.options, 'all'])
      .default('all')
      .meta({
        title: 'Which business’s services',
        description: 'cleaning, wellbeing or all: used when none are chosen below.',
      }),
    /** Explicit list of service slugs; when absent, every service of the branch in sidebar order. */
    services: z.array(referenceTo('service')).optional().meta({ title: 'Services to show' }),
  })
  .meta({
    title: 'Services',
    description:
      'Cards for the services of a branch, or the ones you choose, each with its summary.',
  });

export const AreasListBlockSchema = z
  .strictObject({
    type: z.literal('areas-list'),
    heading: sectionHeading().optional(),
    /** Explicit list of area slugs; when absent, every area. */
    areas: z.array(referenceTo('area')).optional().meta({ title: 'Areas to show' }),
  })
  .meta({
    title: 'Areas',
    description: 'Links to the area pages: all of them, or the ones you choose.',
  });

export const FaqListBlockSchema = z
  .strictObject({
    type: z.literal('faq-list'),
    heading: sectionHeading().optional(),
    /** Explicit list of FAQ slugs; when absent, every FAQ in order. */
    faqs: z.array(referenceTo('faq')).optional().meta({ title: 'Questions to show' }),
  })
  .meta({
    title: 'Questions',
    description: 'Questions and their answers from the FAQs: all of them, or the ones you choose.',
  });

export const CallToActionBlockSchema = z
  .strictObject({
    type: z.literal('call-to-action'),
    heading: sectionHeading().min(1),
    text: longText().optional(),
    action: ActionSchema,
  })
  .meta({
    title: 'Call to action',
    description: 'A heading, a sentence and one button that asks the visitor to act.',
  });

/** The full contact details of one contact file, shown on /contact in place of the smart section. */
export const ContactDetailsBlockSchema = z
  .strictObject({
    type: z.literal('contact-details'),
    file: referenceTo('contact')
      .default('contact-details')
      .meta({ title: 'Whose contact details' }),
  })
  .meta({
    title: 'Contact details',
    description: 'The phone, email, location and opening hours of one contact file.',
  });

/**
 * The quote request form (Netlify Forms), in a section with the id "enquiry". Its fields, their
 * words and rules are the form's own (src/kernel/wire/enquiry-rules.ts); the services it offers are
 * the site's. Without scripts it posts to the thank-you page; with them it is checked and sent in place.
 */
export const EnquiryFormBlockSchema = z
  .strictObject({
    type: z.literal('enquiry-form'),
    heading: sectionHeading().min(1).default('Ask for a quote'),
    intro: longText().optional().meta({ title: 'Introduction' }),
    /** Under the button: what happens to the details, then a link to the privacy policy. */
    privacy: z
      .strictObject({ text: longText().min(1), link: ActionSchema.meta({ title: 'Link' }) })
      .meta({
        title: 'Privacy line',
        description:
          'Under the button: what happens to the details, then a link to the privacy policy.',
      }),
    /** Shown in place of the form once it is sent, before the phone number. */
    sent: longText().min(1).meta({ title: 'Message once it is sent' }),
    /** The page a visitor without scripts sees once the form is sent. */
    thankYouPage: RouteSchema.default('/thank-you').meta({
      widget: 'link',
      title: 'Thank-you page',
      description: 'Shown once the form is sent by a browser without JavaScript.',
    }),
  })
  .meta({
    title: 'Quote request form',
    description:
      'The enquiry form: name, phone or email, postcode, service, message and when to call back.',
  });

export const BlockSchema = z.discriminatedUnion('type', [
  HeroBlockSchema,
  BodyBlockSchema,
  MarkdownBlockSchema,
  ServicesGridBlockSchema,
  AreasListBlockSchema,
  FaqListBlockSchema,
  CallToActionBlockSchema,
  ContactDetailsBlockSchema,
  EnquiryFormBlockSchema,
]);
export type Block = z.infer<typeof BlockSchema>;
export type BlockType = Block['type'];

export const BlocksSchema = z
  .array(BlockSchema)
  .min(1, 'Add at least one block, for example Page text ("- type: body").');
