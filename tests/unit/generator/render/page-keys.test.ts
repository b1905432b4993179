// A page's key is what decides whether it renders again: it must change with everything the page
// shows (its own entry, the parts it reads, every field the site derives for it), and only then.
import { describe, expect, it } from 'vitest';
import { checkSite } from '../../../../src/generator/build.ts';
import {
  DERIVED_FIELDS,
  ENTRY_FIELDS,
  PageKeys,
  type PartDigests,
} from '../../../../src/generator/render/page-keys.ts';
import type { SitePage } from '../../../../src/kernel/site/pages.ts';
import { PROJECT_ROOT, REAL_CONTENT } from '../../../support/sites.ts';

const { site } = await checkSite({
  projectRoot: PROJECT_ROOT,
  contentDir: REAL_CONTENT,
  cacheDir: false,
});
const digests: PartDigests = { layout: 'L1', services: 'S1', areas: 'A1', faqs: 'F1' };
const area = site.pages.find((page) => page.template === 'area')!;

/** The same page, one field different, as the site would derive it on a later update. */
const changed: Record<(typeof DERIVED_FIELDS)[number], (page: SitePage) => Partial<SitePage>> = {
  route: (page) => ({ route: `${page.route}-2` }),
  file: (page) => ({ file: `${page.file}.old` }),
  template: () => ({ template: 'standard' }),
  breadcrumb: (page) => ({ breadcrumb: `${page.breadcrumb} (new)` }),
  noindex: (page) => ({ noindex: !page.noindex }),
  access: () => ({ access: 'admin' }),
  branch: (page) => ({ branch: page.branch === 'cleaning' ? 'wellbeing' : 'cleaning' }),
  structuredData: (page) => ({ structuredData: [...page.structuredData, 'FAQPage'] }),
  mount: () => ({ mount: 'admin' }),
  trail: (page) => ({
    trail: page.trail.map((crumb, i) => (i === 0 ? { ...crumb, label: 'Start' } : crumb)),
  }),
};

describe('PageKeys', () => {
  it('covers every field of a page: its entry covers some, and the key takes the rest', () => {
    for (const page of site.pages)
      expect(
        Object.keys(page).filter(
          (field) => !([...ENTRY_FIELDS, ...DERIVED_FIELDS] as string[]).includes(field),
        ),
      ).toEqual([]);
  });

  it('gives an unchanged page the same key in a later update, and each page its own', () => {
    const keys = new PageKeys('render-1');
    const first = site.pages.map((page) => keys.keyOf(digests, page));
    expect(site.pages.map((page) => keys.keyOf(digests, { ...page }))).toEqual(first);
    expect(new Set(first).size).toBe(site.pages.length);
    expect(new PageKeys('render-1').keyOf(digests, area)).toBe(keys.keyOf(digests, area));
  });

  it.each(DERIVED_FIELDS)('changes when the site derives a different %s for the page', (field) => {
    const keys = new PageKeys('render-1');
    const before = keys.keyOf(digests, area);
    const after = keys.keyOf(digests, { ...area, ...changed[field](area) });
    expect(after).not.toBe(before);
    // And back: the first key again, not one remembered from the change.
    expect(keys.keyOf(digests, area)).toBe(before);
  });

  it('changes with its entry, the render code and the parts the page reads, not with the others', () => {
    const keys = new PageKeys('render-1');
    const before = keys.keyOf(digests, area);
    expect(
      keys.keyOf(digests, {
        ...area,
        entry: Object.assign(Object.create(area.entry), { digest: 'another' }),
      }),
    ).not.toBe(before);
    expect(new PageKeys('render-2').keyOf(digests, area)).not.toBe(before);
    expect(keys.keyOf({ ...digests, layout: 'L2' }, area)).not.toBe(before);
    // An area page lists no FAQs: a change to them does not render it again.
    expect(area.blocks.some((block) => block.type === 'faq-list')).toBe(false);
    expect(keys.keyOf({ ...digests, faqs: 'F2' }, area)).toBe(before);
  });
});
