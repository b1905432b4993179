// Where /login sends the visitor after signing in: a path on this site, or the home page.
import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from '../../../../../src/kernel/components/account/next-path.ts';

const ORIGIN = 'https://www.ardent.example';

describe('safeNextPath', () => {
  it.each([
    ['/admin', '/admin'],
    ['/experiments/block-builder/preview', '/experiments/block-builder/preview'],
    ['/admin?tab=files#top', '/admin?tab=files#top'],
    ['/', '/'],
    ['/a/../admin', '/admin'],
  ])('keeps the same-origin path %s', (next, expected) => {
    expect(safeNextPath(next, ORIGIN)).toBe(expected);
  });

  it.each([
    ['absent', null],
    ['empty', ''],
    ['another site', 'https://evil.example/steal'],
    ['this site, absolute', `${ORIGIN}/admin`],
    ['protocol-relative', '//evil.example/admin'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
    ['a relative path', 'admin'],
    ['a tab inside the slashes', '/\t/evil.example'],
    ['a newline', '/admin\nLocation: https://evil.example'],
    ['an encoded scheme', '%2F%2Fevil.example'],
  ])('sends %s to the home page', (_label, next) => {
    expect(safeNextPath(next, ORIGIN)).toBe('/');
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
    const next = new URLSearchParams(loginPathFor('/experiments/block-builder/builder?x=1').split('?')[1]).get('next');
    expect(safeNextPath(next, ORIGIN)).toBe('/experiments/block-builder/builder?x=1');
  });
});
