// The zod schemas, one per content type, checked against fixture files read with the project's readEntry.
// Invalid fixtures name the problem they must produce in a comment: "# expect: <code> <field.path>".
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ContentProblem } from '../../../../src/kernel/errors/problems.ts';
import { isProblem, readEntry } from '../../../../src/kernel/content/read-entry.ts';
import * as schemas from '../../../../src/kernel/schema/index.ts';
import { validateEntry } from '../../../../src/kernel/content/validate-entry.ts';
import { FIXTURES } from '../../../support/sites.ts';

const SCHEMA_FIXTURES = path.join(FIXTURES, 'schemas');

/** Fixture folder → the schema its files are checked against. */
const BY_FOLDER: Record<string, z.ZodType> = {
  'business-profile': schemas.BusinessProfileSchema,
  'contact-details': schemas.ContactDetailsSchema,
  'contact-routing': schemas.ContactRoutingSchema,
  navigation: schemas.NavigationSchema,
  service: schemas.ServiceSchema,
  area: schemas.AreaSchema,
  faq: schemas.FaqSchema,
  page: schemas.PageSchema,
  'error-page': schemas.ErrorPageSchema,
  block: schemas.BlockSchema,
};

function parse(folder: string, name: string) {
  const file = path.join(SCHEMA_FIXTURES, folder, name);
  const source = readFileSync(file, 'utf8');
  const raw = readEntry(`${folder}/${name}`, source);
  if (isProblem(raw)) throw new Error(`fixture ${folder}/${name} is not readable: ${raw.message}`);
  return { source, raw, result: validateEntry(raw, BY_FOLDER[folder]!) };
}

function valid<T = Record<string, unknown>>(folder: string, name: string): T {
  const { result } = parse(folder, name);
  if (!result.ok) throw new Error(`${folder}/${name}: ${JSON.stringify(result.problems)}`);
  return result.data as T;
}

const fixtureNames = (folder: string, kind: 'valid' | 'invalid') =>
  readdirSync(path.join(SCHEMA_FIXTURES, folder))
    .filter((name) => name.startsWith(`${kind}-`) && name.endsWith('.md'))
    .sort();

describe('schema fixtures', () => {
  it('has a folder for every schema and only those', () => {
    expect(readdirSync(SCHEMA_FIXTURES).sort()).toEqual(Object.keys(BY_FOLDER).sort());
  });

  for (const folder of Object.keys(BY_FOLDER)) {
    describe(folder, () => {
      it('has valid and invalid fixtures', () => {
        expect(fixtureNames(folder, 'valid').length).toBeGreaterThan(0);
        expect(fixtureNames(folder, 'invalid').length).toBeGreaterThan(0);
      });

      it.each(fixtureNames(folder, 'valid'))('accepts %s', (name) => {
        const { result } = parse(folder, name);
        expect(result.ok ? [] : result.problems).toEqual([]);
      });

      it.each(fixtureNames(folder, 'invalid'))('rejects %s at the expected field', (name) => {
        const { source, raw, result } = parse(folder, name);
        const expectation = /^# expect: ([a-z-]+) (\S+)$/m.exec(source);
        if (!expectation)
          throw new Error(`${folder}/${name} has no "# expect: <code> <field>" line`);
        const [, code, field] = expectation;
        expect(result.ok).toBe(false);
        const problems = result.ok ? [] : result.problems;
        expect(problems.map((problem) => ({ code: problem.code, field: problem.field }))).toEqual([
          { code, field },
        ]);
        const [problem] = problems as [ContentProblem];
        expect(problem.file).toBe(`${folder}/${name}`);
        // The line points into the front matter (between the two "---" lines), at or above the field.
        expect(problem.line).toBeGreaterThanOrEqual(2);
        expect(problem.line).toBeLessThan(raw.bodyLine);
        expect(problem.message.length).toBeGreaterThan(0);
      });
    });
  }
});

describe('BusinessProfileSchema', () => {
  it('reads the whole profile, including geo, hours and both branches', () => {
    const profile = valid<schemas.BusinessProfile>('business-profile', 'valid-full.md');
    expect(profile.geo).toEqual({ latitude: 51.3741, longitude: 0.0986 });
    expect(profile.openingHours).toEqual([
      {
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '18:00',
      },
      { dayOfWeek: ['Saturday'], opens: '09:00', closes: '15:00' },
    ]);
    expect(Object.keys(profile.branches).sort()).toEqual(['cleaning', 'wellbeing']);
  });

  it('accepts the geo bounds themselves: latitude ±90, longitude ±180', () => {
    expect(
      valid<schemas.BusinessProfile>('business-profile', 'valid-geo-at-bounds.md').geo,
    ).toEqual({ latitude: -90, longitude: 180 });
    expect(
      valid<schemas.BusinessProfile>('business-profile', 'valid-geo-at-other-bounds.md').geo,
    ).toEqual({ latitude: 90, longitude: -180 });
  });

  it('rejects geo values just outside the bounds', () => {
    const base = valid<schemas.BusinessProfile>('business-profile', 'valid-full.md');
    const geoIssues = (geo: { latitude: number; longitude: number }) =>
      schemas.BusinessProfileSchema.safeParse({ ...base, geo }).error?.issues.map((issue) =>
        issue.path.join('.'),
      ) ?? [];
    expect(geoIssues({ latitude: 90.0001, longitude: 0 })).toEqual(['geo.latitude']);
    expect(geoIssues({ latitude: -90.0001, longitude: 0 })).toEqual(['geo.latitude']);
    expect(geoIssues({ latitude: 0, longitude: 180.0001 })).toEqual(['geo.longitude']);
    expect(geoIssues({ latitude: 0, longitude: -180.0001 })).toEqual(['geo.longitude']);
    expect(geoIssues({ latitude: 0, longitude: 0 })).toEqual([]);
  });

  it('needs both branches', () => {
    const base = valid<schemas.BusinessProfile>('business-profile', 'valid-full.md');
    const result = schemas.BusinessProfileSchema.safeParse({
      ...base,
      branches: { cleaning: base.branches.cleaning },
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'branches.wellbeing',
    ]);
  });
});

describe('ContactDetailsSchema', () => {
  it('keeps flat phone and email', () => {
    expect(valid('contact-details', 'valid-flat.md')).toEqual({
      title: 'Book a clean',
      subtitle: 'We reply within a day.',
      phone: '01632\u00a0960\u00a0200',
      email: 'cleaning@ardent.example',
      location: 'Orpington',
    });
  });

  it('flattens nested contact.phone and contact.email', () => {
    const details = valid<schemas.ContactDetails>('contact-details', 'valid-nested.md');
    expect(details.phone).toBe('01632\u00a0960\u00a0300');
    expect(details.email).toBe('wellbeing@ardent.example');
    expect(details).not.toHaveProperty('contact');
  });

  it('mixes a flat phone with a nested email', () => {
    const details = valid<schemas.ContactDetails>(
      'contact-details',
      'valid-flat-phone-nested-email.md',
    );
    expect(details.phone).toBe('01632\u00a0960\u00a0400');
    expect(details.email).toBe('mixed@ardent.example');
  });

  it("defaults the title to 'Contact {product}' and the location to the service area", () => {
    expect(valid('contact-details', 'valid-defaults.md')).toEqual({
      title: 'Contact Ardent',
      subtitle: '',
      phone: null,
      email: null,
      location: 'Orpington, Bromley and surrounding areas',
    });
    expect(valid<schemas.ContactDetails>('contact-details', 'valid-nested.md').title).toBe(
      'Contact Ardent Wellbeing',
    );
    expect(schemas.DEFAULT_LOCATION).toBe('Orpington, Bromley and surrounding areas');
  });

  it('says which field is given twice when phone is both flat and nested', () => {
    const { result } = parse('contact-details', 'invalid-phone-flat-and-nested.md');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems[0]).toMatchObject({ code: 'invalid-field', field: 'contact.phone' });
    expect(result.problems[0]!.message).toContain('phone is given twice');
    expect(result.problems[0]!.message).toContain('contact.phone');
  });
});

describe('ContactRoutingSchema', () => {
  it('reads the default and the rules in order', () => {
    expect(valid('contact-routing', 'valid-rules.md')).toEqual({
      default: 'contact-details',
      rules: [
        { match: 'exact', path: '/about', file: 'about-contact' },
        { match: 'prefix', path: '/cleaning-services-', file: 'ardent-cleaning-contact' },
      ],
    });
  });
});

describe('NavigationSchema', () => {
  it('defaults the sidebar extras to an empty list', () => {
    const { raw } = parse('navigation', 'valid-full.md');
    const data = structuredClone(raw.data) as { sidebar: Record<string, unknown> };
    delete data.sidebar.extra;
    expect(schemas.NavigationSchema.parse(data).sidebar.extra).toEqual([]);
  });
});

describe('ServiceSchema', () => {
  it('fills in the defaults: no images, GBP in stock, a single body block', () => {
    const service = valid<schemas.Service>('service', 'valid-minimal.md');
    expect(service.images).toEqual([]);
    expect(service.offers).toEqual({ priceCurrency: 'GBP', availability: 'InStock' });
    expect(service.blocks).toEqual([{ type: 'body' }]);
    expect(service.icon).toBeUndefined();
  });

  it('keeps what is given and defaults the currency alone', () => {
    const service = valid<schemas.Service>('service', 'valid-full.md');
    expect(service.offers).toEqual({ priceCurrency: 'GBP', availability: 'LimitedAvailability' });
    expect(service.area).toBe('bromley');
    expect(service.images).toEqual([
      { src: '/images/oven-before.jpg', alt: 'The oven before cleaning, with burnt-on grease' },
      { src: '/images/oven-after.webp', alt: 'The same oven after cleaning' },
    ]);
  });
});

describe('AreaSchema', () => {
  it('defaults neighbours to none and blocks to the body', () => {
    const area = valid<schemas.Area>('area', 'valid-basic.md');
    expect(area.neighbours).toEqual([]);
    expect(area.blocks).toEqual([{ type: 'body' }]);
    expect(area.postcodes).toEqual(['BR5', 'BR7']);
  });
});

describe('FaqSchema', () => {
  it('holds only the question and order; the answer is the Markdown body', () => {
    const { raw } = parse('faq', 'valid-basic.md');
    expect(valid('faq', 'valid-basic.md')).toEqual({
      question: 'Do you bring your own products?',
      order: 4,
    });
    expect(raw.body.trim()).toBe('Yes, unless you would rather we used yours.');
  });
});

describe('PageSchema', () => {
  it('defaults to a standard, indexed page with a body block and no extra structured data', () => {
    expect(valid('page', 'valid-standard.md')).toMatchObject({
      template: 'standard',
      noindex: false,
      structuredData: [],
      blocks: [{ type: 'body' }],
    });
  });

  it('accepts an app page for administrators that names its screen, and a public one that mounts a sign-in screen', () => {
    expect(valid('page', 'valid-app.md')).toMatchObject({
      template: 'app',
      access: 'admin',
      mount: 'block-preview',
    });
    expect(valid('page', 'valid-app-sign-in.md')).toMatchObject({
      template: 'app',
      access: 'public',
      noindex: false,
      mount: 'login',
    });
  });

  it('reports every app-page rule broken at once', () => {
    const result = schemas.PageSchema.safeParse({
      route: '/about',
      title: 'T',
      description: 'D',
      heading: 'H',
      access: 'admin',
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['access']);
    const app = schemas.PageSchema.safeParse({
      route: '/login',
      title: 'T',
      description: 'D',
      heading: 'H',
      template: 'app',
    });
    expect(app.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['mount']);
  });

  it('says which screens a public app page may mount', () => {
    const result = schemas.PageSchema.safeParse({
      route: '/admin',
      title: 'T',
      description: 'D',
      heading: 'H',
      template: 'app',
      mount: 'admin',
    });
    expect(result.error?.issues[0]?.message).toContain('login, register, reset-password');
    expect(result.error?.issues[0]?.message).toContain('access: admin');
  });

  it('does not require a mount outside app pages, and every page is public unless it says otherwise', () => {
    const result = schemas.PageSchema.safeParse({
      route: '/about',
      title: 'T',
      description: 'D',
      heading: 'H',
      template: 'standard',
    });
    expect(result.data?.access).toBe('public');
  });
});

describe('ErrorPageSchema', () => {
  it('accepts 404 and 500 only', () => {
    expect(valid('error-page', 'valid-404.md')).toMatchObject({
      status: 404,
      message: 'Page not found: {path}',
    });
    expect(valid('error-page', 'valid-500.md')).toMatchObject({ status: 500 });
    expect(
      schemas.ErrorPageSchema.safeParse({ status: 403, title: 'T', heading: 'H', message: 'M' })
        .success,
    ).toBe(false);
  });
});

describe('BlockSchema', () => {
  it('has a valid fixture for every block type', () => {
    const types = fixtureNames('block', 'valid').map(
      (name) => valid<schemas.Block>('block', name).type,
    );
    expect(new Set(types)).toEqual(
      new Set(schemas.BlockSchema.options.map((option) => option.shape.type.value)),
    );
  });

  it.each([
    ['valid-hero-bare.md', { type: 'hero', actions: [] }],
    ['valid-services-grid-bare.md', { type: 'services-grid', branch: 'all' }],
    ['valid-body.md', { type: 'body' }],
  ])('applies the defaults of %s', (name, expected) => {
    expect(valid('block', name)).toEqual(expected);
  });

  it("defaults the enquiry form's heading, and its thank-you page to /thank-you", () => {
    expect(valid('block', 'valid-enquiry-form.md')).toMatchObject({
      type: 'enquiry-form',
      heading: 'Ask for a quote',
      thankYouPage: '/thank-you',
    });
  });

  it('defaults the contact-details block to the contact-details file', () => {
    expect(schemas.BlockSchema.parse({ type: 'contact-details' })).toEqual({
      type: 'contact-details',
      file: 'contact-details',
    });
  });

  it('keeps markdown block text as written', () => {
    expect(valid<{ markdown: string }>('block', 'valid-markdown.md').markdown).toBe(
      '## A heading\n\nSome [text](/about).\n',
    );
  });

  it('names the allowed block types when the type is unknown', () => {
    const { result } = parse('block', 'invalid-unknown-type.md');
    const message = result.ok ? '' : result.problems[0]!.message;
    for (const option of schemas.BlockSchema.options)
      expect(message).toContain(`"${option.shape.type.value}"`);
    expect(message).toContain('carousel');
  });
});

describe('shared field schemas', () => {
  it.each([
    [
      'SlugSchema',
      schemas.SlugSchema,
      ['deep-cleaning-services', 'a1', 'x'],
      ['Deep', 'a--b', '-a', 'a-', 'a_b', ''],
    ],
    [
      'RouteSchema',
      schemas.RouteSchema,
      ['/', '/about', '/experiments/block-builder/builder'],
      ['about', '/about/', '/About', '//', '/a//b'],
    ],
    [
      'HrefSchema',
      schemas.HrefSchema,
      [
        '/about',
        '/faqs#pets',
        '#top',
        'https://ico.org.uk',
        'mailto:a@b.example',
        'tel:+441632960123',
      ],
      ['about', 'http://x.example', 'tel:01632 960', 'javascript:alert(1)', '/a b'],
    ],
    [
      'AssetPathSchema',
      schemas.AssetPathSchema,
      ['/images/logo.svg', '/a/b.jpeg', '/favicon.ico'],
      ['images/logo.svg', '/images/logo.gif', '/images/logo', 'https://x.example/a.png'],
    ],
    [
      'RasterImagePathSchema',
      schemas.RasterImagePathSchema,
      [
        '/images/oven.jpg',
        '/images/team/anna.JPEG',
        '/images/a.png',
        '/images/b.webp',
        '/images/c.avif',
      ],
      [
        '/images/logo.svg',
        'images/oven.jpg',
        '/photos/oven.jpg',
        '/images/oven',
        'https://x.example/a.jpg',
      ],
    ],
  ] as const)('%s accepts and rejects the right values', (_name, schema, good, bad) => {
    for (const value of good) expect(schema.safeParse(value).success, value).toBe(true);
    for (const value of bad) expect(schema.safeParse(value).success, value).toBe(false);
  });

  it('DisplayPhoneSchema makes every space non-breaking, so a phone number never wraps', () => {
    expect(schemas.DisplayPhoneSchema.parse(' 01632  960 123 ')).toBe('01632\u00a0960\u00a0123');
    expect(schemas.DisplayPhoneSchema.safeParse('').success).toBe(false);
  });

  it('every exported schema is covered by a test here', () => {
    const coveredHere = new Set([
      ...Object.values(BY_FOLDER),
      schemas.DisplayPhoneSchema,
      schemas.SlugSchema,
      schemas.RouteSchema,
      schemas.HrefSchema,
      schemas.AssetPathSchema,
      schemas.RasterImagePathSchema,
    ]);
    // Parts covered through their parent's fixtures.
    const viaParent: Record<string, z.ZodType> = {
      BranchSchema: schemas.ServiceSchema,
      ImageSchema: schemas.ServiceSchema,
      ActionSchema: schemas.BlockSchema,
      BlocksSchema: schemas.PageSchema,
      OpeningHoursSchema: schemas.BusinessProfileSchema,
      BranchProfileSchema: schemas.BusinessProfileSchema,
      HeroBlockSchema: schemas.BlockSchema,
      BodyBlockSchema: schemas.BlockSchema,
      MarkdownBlockSchema: schemas.BlockSchema,
      ServicesGridBlockSchema: schemas.BlockSchema,
      AreasListBlockSchema: schemas.BlockSchema,
      FaqListBlockSchema: schemas.BlockSchema,
      CallToActionBlockSchema: schemas.BlockSchema,
      ContactDetailsBlockSchema: schemas.BlockSchema,
      EnquiryFormBlockSchema: schemas.BlockSchema,
    };
    const exported = Object.entries(schemas).filter(([name]) => name.endsWith('Schema'));
    const uncovered = exported
      .filter(([name, schema]) => !coveredHere.has(schema as z.ZodType) && !(name in viaParent))
      .map(([name]) => name);
    expect(uncovered).toEqual([]);
  });
});
