// Which contact file a page's contact section shows: exact rules, then the longest prefix, then the default.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isProblem, readEntry } from '../../../../src/kernel/content/read-entry.ts';
import { ContactRoutingSchema, type ContactRouting } from '../../../../src/kernel/schema/index.ts';
import { validateEntry } from '../../../../src/kernel/content/validate-entry.ts';
import { contactFileForPath, normalisePath } from '../../../../src/kernel/site/contact-file.ts';
import { REAL_CONTENT } from '../../../support/sites.ts';

const table: ContactRouting = {
  default: 'fallback',
  rules: [
    { match: 'prefix', path: '/shop', file: 'shop' },
    { match: 'prefix', path: '/shop/garden', file: 'garden' },
    { match: 'exact', path: '/shop/garden/sale', file: 'sale' },
    { match: 'prefix', path: '/shop/garden/sale', file: 'sale-prefix' },
    { match: 'exact', path: '/about', file: 'about' },
  ],
};

describe('contactFileForPath with a hand-made table', () => {
  it('prefers an exact rule over a longer-or-equal prefix rule listed later', () => {
    expect(contactFileForPath('/shop/garden/sale', table)).toBe('sale');
  });

  it('prefers an exact rule even when a prefix rule is listed before it', () => {
    const prefixFirst: ContactRouting = {
      default: 'fallback',
      rules: [
        { match: 'prefix', path: '/team', file: 'team-prefix' },
        { match: 'exact', path: '/team', file: 'team-exact' },
      ],
    };
    expect(contactFileForPath('/team', prefixFirst)).toBe('team-exact');
    expect(contactFileForPath('/team/jo', prefixFirst)).toBe('team-prefix');
  });

  it('uses the longest matching prefix, whatever the rule order', () => {
    expect(contactFileForPath('/shop/garden/sale/today', table)).toBe('sale-prefix');
    expect(contactFileForPath('/shop/garden/tools', table)).toBe('garden');
    expect(contactFileForPath('/shop/kitchen', table)).toBe('shop');
    const reversed: ContactRouting = { ...table, rules: table.rules.toReversed() };
    expect(contactFileForPath('/shop/garden/tools', reversed)).toBe('garden');
    expect(contactFileForPath('/shop/kitchen', reversed)).toBe('shop');
  });

  it('treats a trailing slash as the same page', () => {
    expect(contactFileForPath('/about/', table)).toBe('about');
    expect(contactFileForPath('/shop/garden/sale/', table)).toBe('sale');
    expect(contactFileForPath('/shop/garden//', table)).toBe('garden');
  });

  it('does not apply an exact rule to a sub-path', () => {
    expect(contactFileForPath('/about/team', table)).toBe('fallback');
  });

  it('falls back to the default when nothing matches', () => {
    expect(contactFileForPath('/', table)).toBe('fallback');
    expect(contactFileForPath('/contact', table)).toBe('fallback');
    expect(contactFileForPath('/sho', table)).toBe('fallback');
    expect(contactFileForPath('/anything', { default: 'only-default', rules: [] })).toBe(
      'only-default',
    );
  });
});

describe('normalisePath', () => {
  it('strips trailing slashes but keeps the root', () => {
    expect(normalisePath('/about/')).toBe('/about');
    expect(normalisePath('/about///')).toBe('/about');
    expect(normalisePath('/about')).toBe('/about');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('//')).toBe('/');
  });
});

describe('contactFileForPath with the real content/site/contact-routing.md', () => {
  let routing: ContactRouting;

  beforeAll(async () => {
    const file = path.join(REAL_CONTENT, 'site/contact-routing.md');
    const raw = readEntry(file, await readFile(file, 'utf8'));
    if (isProblem(raw)) throw new Error(raw.message);
    const result = validateEntry(raw, ContactRoutingSchema);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    routing = result.data;
  });

  it.each([
    ['/ardent-wellbeing', 'ardent-wellbeing-contact'],
    ['/cleaning-services-senior-citizens', 'ardent-wellbeing-contact'],
    ['/about', 'about-contact'],
    ['/ardent-cleaning', 'ardent-cleaning-contact'],
    ['/oven-cleaning-services', 'ardent-cleaning-contact'],
    ['/cleaning-services-orpington', 'ardent-cleaning-contact'],
    ['/cleaning-services-west-wickham-bromley', 'ardent-cleaning-contact'],
    ['/faqs', 'contact-details'],
    ['/privacy-policy', 'contact-details'],
    ['/', 'contact-details'],
  ])('%s shows %s', (pathname, file) => {
    expect(contactFileForPath(pathname, routing)).toBe(file);
  });

  it('gives the same answer with a trailing slash', () => {
    expect(contactFileForPath('/about/', routing)).toBe('about-contact');
    expect(contactFileForPath('/ardent-wellbeing/', routing)).toBe('ardent-wellbeing-contact');
    expect(contactFileForPath('/cleaning-services-senior-citizens/', routing)).toBe(
      'ardent-wellbeing-contact',
    );
  });
});
