// The auth-client guard's decision, with the services stood in for: who goes to sign in, who is
// told they have no access, who gets in; and that the role is read from a fresh token.
import { describe, expect, it, vi } from 'vitest';
import { guard, signInRedirect } from '../../../../../src/kernel/components/account/auth-client.ts';
import type { AccountServices } from '../../../../../src/kernel/components/account/services.ts';

const user = { uid: 'u1', email: 'someone@test.example' };

describe('the guard', () => {
  it('sends a visitor to /login, asking to come back to the page and its query', async () => {
    const isAdmin = vi.fn<AccountServices['isAdmin']>();
    expect(await guard({ isAdmin }, null, '/admin?tab=files')).toEqual({
      kind: 'sign-in',
      to: '/login?next=%2Fadmin%3Ftab%3Dfiles',
    });
    expect(isAdmin).not.toHaveBeenCalled();
    expect(signInRedirect(null, '/admin')).toBe('/login?next=%2Fadmin');
    expect(signInRedirect(user, '/admin')).toBeNull();
  });

  it('tells an account without the admin role it has no access', async () => {
    expect(await guard({ isAdmin: async () => false }, user, '/admin')).toEqual({
      kind: 'no-access',
      user,
    });
  });

  it('lets an administrator in, reading the role from a freshly refreshed token', async () => {
    const isAdmin = vi.fn<AccountServices['isAdmin']>(async () => true);
    expect(await guard({ isAdmin }, user, '/admin')).toEqual({ kind: 'allowed', user });
    expect(isAdmin).toHaveBeenCalledWith({ fresh: true });
  });

  it('passes on a failure to check the role (the screen says what happened)', async () => {
    const failure = Object.assign(new Error('offline'), { code: 'auth/network-request-failed' });
    await expect(
      guard({ isAdmin: async () => Promise.reject(failure) }, user, '/admin'),
    ).rejects.toBe(failure);
  });
});
