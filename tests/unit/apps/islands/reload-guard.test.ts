import { describe, expect, it } from 'vitest';
import {
  claimReload,
  isNewerBuild,
  RELOAD_GUARD_MS,
  type GuardStorage,
} from '../../../../src/apps/islands/reload-guard.ts';

const storage = (): GuardStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
};

describe('the reload guard: at most once per path within 10 s', () => {
  it('allows the first reload of a path and refuses another within 10 seconds', () => {
    const store = storage();
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(claimReload('/about', 1_000_000, store)).toBe(true);
    expect(claimReload('/about', 1_000_001, store)).toBe(false);
    expect(claimReload('/about', 1_009_999, store)).toBe(false);
  });

  it('allows it again once 10 seconds have passed', () => {
    const store = storage();
    claimReload('/about', 1_000_000, store);
    expect(claimReload('/about', 1_010_000, store)).toBe(true);
    expect(claimReload('/about', 1_010_500, store)).toBe(false);
  });

  it('guards each path on its own', () => {
    const store = storage();
    expect(claimReload('/about', 5_000, store)).toBe(true);
    expect(claimReload('/faqs', 5_001, store)).toBe(true);
  });

  it('never reloads without storage to remember it in, so it cannot loop', () => {
    const broken: GuardStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {},
    };
    expect(claimReload('/about', 1, broken)).toBe(false);
  });
});

describe('is a newer build live?', () => {
  const scripts = ['/assets/boot-AAAA.js'];

  it('yes when the latest build id differs from the one read at load', () => {
    expect(isNewerBuild({ buildId: 'b2' }, { buildId: 'b1' }, scripts)).toBe(true);
  });

  it('no when it is the same build', () => {
    expect(isNewerBuild({ buildId: 'b1' }, { buildId: 'b1' }, scripts)).toBe(false);
  });

  it("before the first check, yes when the live manifest no longer lists this page's scripts", () => {
    expect(
      isNewerBuild({ buildId: 'b2', assets: { boot: '/assets/boot-BBBB.js' } }, null, scripts),
    ).toBe(true);
    expect(
      isNewerBuild({ buildId: 'b1', assets: { boot: '/assets/boot-AAAA.js' } }, null, scripts),
    ).toBe(false);
  });
});
