import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyBlock, fieldsOf, paletteOf } from '../../../../src/kernel/schema/fields.ts';
import {
  AreaSchema,
  BlockSchema,
  HeroBlockSchema,
  PageSchema,
  ServiceSchema,
} from '../../../../src/kernel/schema/index.ts';
import { ActionSchema, referenceTo } from '../../../../src/kernel/schema/common.ts';
import { BlockForm } from '../../../../src/apps/builder/ui/BlockForm.tsx';
import { FieldInput } from '../../../../src/apps/builder/ui/FieldInput.tsx';

describe('the builder forms follow the zod schemas', () => {
  it('offers every block type of the union in the palette, with a name and a one-line description', () => {
    const palette = paletteOf(BlockSchema);
    expect(palette.map((kind) => kind.type)).toEqual(
      BlockSchema.options.map((option) => option.shape.type.value),
    );
    for (const kind of palette) {
      expect(kind.title, kind.type).not.toBe('');
      expect(kind.description, kind.type).toMatch(/^[A-Z].{10,}\.$/);
    }
  });

  it('reads each field kind from the schema: text, long text, Markdown, choices, references, links, lists, groups', () => {
    const byType = Object.fromEntries(
      paletteOf(BlockSchema).map((kind) => [
        kind.type,
        Object.fromEntries(kind.fields.map((field) => [field.key, field])),
      ]),
    );
    expect(byType.hero!.heading).toMatchObject({ kind: 'text', required: false });
    expect(byType.hero!.lead).toMatchObject({ kind: 'longtext' });
    expect(byType.hero!.actions).toMatchObject({
      kind: 'list',
      maxItems: 2,
      item: {
        kind: 'group',
        fields: [
          { key: 'label', kind: 'text' },
          { key: 'href', kind: 'link' },
        ],
      },
    });
    expect(byType.markdown!.markdown).toMatchObject({
      kind: 'markdown',
      required: true,
      minLength: 1,
    });
    expect(byType['services-grid']!.branch).toMatchObject({
      kind: 'choice',
      options: ['cleaning', 'wellbeing', 'all'],
      defaultValue: 'all',
    });
    expect(byType['areas-list']!.areas).toMatchObject({
      kind: 'references',
      references: 'area',
      required: false,
    });
    expect(byType['faq-list']!.faqs).toMatchObject({ kind: 'references', references: 'faq' });
    expect(byType['contact-details']!.file).toMatchObject({
      kind: 'reference',
      references: 'contact',
      defaultValue: 'contact-details',
    });
    const service = Object.fromEntries(fieldsOf(ServiceSchema).map((field) => [field.key, field]));
    expect(service.areaServed).toMatchObject({
      kind: 'references',
      references: 'area',
      required: true,
      minItems: 1,
    });
    expect(service.images).toMatchObject({ kind: 'list', item: { kind: 'image' } });
    expect(service.order).toMatchObject({ kind: 'number', integer: true });
    expect(service.offers).toMatchObject({ kind: 'group', required: false });
    const numbers = Object.fromEntries(
      fieldsOf(
        z.object({
          int: z.int(),
          int32: z.int32(),
          checked: z.number().int().min(1),
          any: z.number().min(0),
        }),
      ).map((field) => [field.key, field]),
    );
    expect(
      Object.fromEntries(
        Object.entries(numbers).map(([key, field]) => [
          key,
          (field as { integer?: boolean }).integer,
        ]),
      ),
    ).toEqual({ int: true, int32: true, checked: true, any: false });
  });

  it('shows a block type added to the union in the palette, with its fields in its form, with no change to the builder', () => {
    const GalleryBlock = z
      .strictObject({
        type: z.literal('testimonial'),
        quote: z.string().min(1).meta({ widget: 'longtext' }),
        author: z.string().min(1),
        stars: z.enum(['4', '5']).default('5'),
        area: referenceTo('area').optional(),
        action: ActionSchema.optional(),
      })
      .meta({ title: 'Testimonial', description: 'A quote from a customer, with their name.' });
    const union = z.discriminatedUnion('type', [...BlockSchema.options, GalleryBlock]);
    const kind = paletteOf(union).find((entry) => entry.type === 'testimonial');
    expect(kind).toMatchObject({
      title: 'Testimonial',
      description: 'A quote from a customer, with their name.',
    });
    expect(kind!.fields.map((field) => [field.key, field.kind, field.required])).toEqual([
      ['quote', 'longtext', true],
      ['author', 'text', true],
      ['stars', 'choice', false],
      ['area', 'reference', false],
      ['action', 'group', false],
    ]);
    expect(emptyBlock(kind!)).toEqual({ type: 'testimonial', quote: '', author: '' });

    // The form the builder renders for it: one labelled control per field, of the field's kind.
    const html = renderToStaticMarkup(
      <BlockForm
        kind={kind!}
        block={{
          type: 'testimonial',
          quote: 'Lovely work',
          author: 'Ann',
          action: { label: 'Read more', href: '/about' },
        }}
        index={3}
        problems={[]}
        onChange={() => {}}
        options={{
          service: [],
          area: [{ value: 'orpington', label: 'Orpington' }],
          faq: [],
          contact: [],
          routes: [],
          images: [],
        }}
      />,
    );
    expect(html).toMatch(/<label for="field-blocks-3-quote"[^>]*>Quote/);
    expect(html).toMatch(/<textarea[^>]*id="field-blocks-3-quote"[^>]*>Lovely work<\/textarea>/);
    expect(html).toMatch(/<input[^>]*id="field-blocks-3-author"[^>]*value="Ann"/);
    expect(html).toMatch(/<select[^>]*id="field-blocks-3-stars"/);
    expect(html).toMatch(/<select[^>]*id="field-blocks-3-area"[^>]*>.*Orpington/);
    expect(html).toMatch(/id="field-blocks-3-action-label"/);
    expect(html).toMatch(/id="field-blocks-3-action-href"/);
  });

  it('labels every field in the words an owner uses, said once in the schemas, and marks the rarely needed ones advanced', () => {
    const byKey = (schema: Parameters<typeof fieldsOf>[0]) =>
      Object.fromEntries(fieldsOf(schema).map((field) => [field.key, field]));
    const page = byKey(PageSchema);
    const service = byKey(ServiceSchema);
    expect(service.slug!.label).toBe('Web address (after ardent.example/)');
    expect(byKey(AreaSchema).slug!.label).toBe(
      'Web address (after ardent.example/cleaning-services-)',
    );
    expect(page.route!.label).toBe('Web address (after ardent.example)');
    expect(page.noindex).toMatchObject({ kind: 'boolean', label: 'Hide from search engines' });
    expect(service.order!.label).toBe('Position in the services list');
    expect(service.serviceType!.label).toBe('Kind of service, for search engines');
    expect(
      Object.values(page)
        .filter((field) => field.advanced)
        .map((field) => field.key),
    ).toEqual(['template', 'access', 'structuredData', 'mount']);
    expect(
      Object.values(service)
        .filter((field) => field.advanced)
        .map((field) => field.key),
    ).toEqual(['icon', 'offers']);
    // No field of a page, a service, an area or a block is labelled by its key, in a developer's word.
    const developerWords =
      /^(Slug|Route|Mount|Access|Template|Structured data|Noindex|Order|Service type|Href|Src|Lead)$/;
    const labels = [PageSchema, ServiceSchema, AreaSchema]
      .flatMap((schema) => fieldsOf(schema))
      .concat(paletteOf(BlockSchema).flatMap((kind) => kind.fields));
    const all = (fields: ReturnType<typeof fieldsOf>): string[] =>
      fields.flatMap((field) => [
        field.label,
        ...(field.kind === 'group'
          ? all(field.fields)
          : field.kind === 'list'
            ? all([field.item])
            : []),
      ]);
    expect(all(labels).filter((label) => developerWords.test(label))).toEqual([]);
  });

  it('shows a yes-or-no field as a checkbox beside its label, with its hint', () => {
    const noindex = fieldsOf(PageSchema).find((field) => field.key === 'noindex')!;
    const html = renderToStaticMarkup(
      <FieldInput
        field={noindex}
        path={['noindex']}
        value={true}
        problems={[]}
        onChange={() => {}}
        options={{ service: [], area: [], faq: [], contact: [], routes: [], images: [] }}
      />,
    );
    expect(html).toMatch(
      /^<div class="field field-check" data-key="noindex"><input id="field-noindex" type="checkbox" aria-describedby="field-noindex-hint" checked=""\/><label for="field-noindex">Hide from search engines<\/label><p class="field-hint" id="field-noindex-hint">Keeps the page out of Google/,
    );
  });

  it('keeps the hero schema itself unchanged by the palette (meta is only read)', () => {
    expect(HeroBlockSchema.parse({ type: 'hero' })).toEqual({ type: 'hero', actions: [] });
  });
});
