// Where /login sends the visitor after signing in: a path on this site, or the home page, whatever
// spelling of another site `next` holds (the table is tests/support/next-path-cases.ts).
import { describe, expect, it } from 'vitest';
import {
  loginPathFor,
  safeNextPath,
} from '../../../../../src/kernel/components/account/next-path.ts';
import { OFF_SITE_NEXTS, ON_SITE_NEXTS } from '../../../../support/next-path-cases.ts';

const ORIGIN = 'https://www.ardent.example';

/** What the browser does with the value: location.assign() resolves it against the page. */
function whereTheBrowserGoes(path: string, origin: string): { origin: string; pathname: string } {
  const { origin: landed, pathname } = new URL(path, `${origin}/login?next=x`);
  return { origin: landed, pathname };
}

describe('safeNextPath', () => {
  it.each(ON_SITE_NEXTS)('keeps the path on this site %j', (next, lands) => {
    expect(safeNextPath(next, ORIGIN)).toBe(lands);
  });

  it.each(OFF_SITE_NEXTS.map((entry) => [entry.why, entry.next]))(
    'sends %s (%j) to the home page',
    (_why, next) => {
      expect(safeNextPath(next, ORIGIN)).toBe('/');
    },
  );

  it('sends a missing or empty next to the home page', () => {
    for (const next of [null, undefined, '']) expect(safeNextPath(next, ORIGIN)).toBe('/');
  });

  it('refuses this site written as an absolute address: next is a path', () => {
    expect(safeNextPath(`${ORIGIN}/admin`, ORIGIN)).toBe('/');
  });

  it('never returns a value the browser would open on another host, or with a path naming one', () => {
    for (const origin of [ORIGIN, 'http://127.0.0.1:8080']) {
      for (const next of [
        ...OFF_SITE_NEXTS.map((entry) => entry.next),
        ...ON_SITE_NEXTS.map(([path]) => path),
      ]) {
        const landed = whereTheBrowserGoes(safeNextPath(next, origin), origin);
        expect(landed.origin, JSON.stringify(next)).toBe(origin);
        expect(landed.pathname, JSON.stringify(next)).not.toMatch(/^\/[/\\]/);
      }
    }
  });

  it('works the same on a local origin with a port', () => {
    expect(safeNextPath('/admin', 'http://127.0.0.1:8080')).toBe('/admin');
    expect(safeNextPath('//127.0.0.1:9099/admin', 'http://127.0.0.1:8080')).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('asks the sign-in page to come back to the path, query included, encoded', () => {
    expect(loginPathFor('/admin')).toBe('/login?next=%2Fadmin');
    expect(loginPathFor('/admin?tab=a&b=c')).toBe('/login?next=%2Fadmin%3Ftab%3Da%26b%3Dc');
  });

  it('round-trips through safeNextPath', () => {
    const next = new URLSearchParams(
      loginPathFor('/experiments/block-builder/builder?x=1').split('?')[1],
    ).get('next');
    expect(safeNextPath(next, ORIGIN)).toBe('/experiments/block-builder/builder?x=1');
  });
});
