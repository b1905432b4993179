// The header logo: the wellbeing branch on its listed paths, the cleaning branch everywhere else.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadedContent } from '../../../../src/kernel/content/collections.ts';
import { logoForPath } from '../../../../src/kernel/site/logo.ts';
import { loadRealContent } from '../../../support/sites.ts';

let content: LoadedContent;
beforeAll(async () => {
  content = await loadRealContent();
});

const logoFor = (pathname: string) =>
  logoForPath(pathname, content.navigation.data.logo, content.profile.data.branches);

describe('logoForPath with the real navigation and business profile', () => {
  it.each(['/ardent-wellbeing', '/cleaning-services-senior-citizens', '/ardent-wellbeing/'])(
    '%s shows the wellbeing logo linking to /ardent-wellbeing',
    (pathname) => {
      const logo = logoFor(pathname);
      expect(logo.branch).toBe('wellbeing');
      expect(logo.href).toBe('/ardent-wellbeing');
      expect(logo.name).toBe('Ardent Wellbeing');
      expect(logo.src).toBe('/images/ardent-wellbeing-logo.svg');
    },
  );

  it.each([
    '/',
    '/about',
    '/cleaning-services-bromley',
    '/ardent-cleaning',
    '/faqs',
    '/ardent-wellbeing/extra',
    '/cleaning-services-senior',
  ])('%s shows the cleaning logo linking to /ardent-cleaning', (pathname) => {
    const logo = logoFor(pathname);
    expect(logo.branch).toBe('cleaning');
    expect(logo.href).toBe('/ardent-cleaning');
    expect(logo.name).toBe('Ardent Cleaning');
    expect(logo.src).toBe('/images/ardent-cleaning-logo.svg');
  });

  it('follows the navigation file, not a built-in list', () => {
    const rule = { wellbeingPaths: ['/about'] };
    expect(logoForPath('/about', rule, content.profile.data.branches).branch).toBe('wellbeing');
    expect(logoForPath('/ardent-wellbeing', rule, content.profile.data.branches).branch).toBe(
      'cleaning',
    );
  });
});
