// The admin role: the custom claim `admin: true` on an account, managed with firebase-admin. A
// browser sees a change after its next forced token refresh (the guard forces one on every guarded
// page), or when the visitor signs in again.
import type { Auth, UserRecord } from 'firebase-admin/auth';

export class RoleError extends Error {
  override name = 'RoleError';
}

async function userByEmail(auth: Auth, email: string): Promise<UserRecord> {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found')
      throw new RoleError(`There is no account with the email address ${email}.`);
    throw error;
  }
}

/** Adds `admin: true` to the account's claims, keeping any others. */
export async function grantAdmin(auth: Auth, email: string): Promise<void> {
  const user = await userByEmail(auth, email);
  await auth.setCustomUserClaims(user.uid, { ...user.customClaims, admin: true });
}

/** Removes the admin claim, keeping any others. */
export async function revokeAdmin(auth: Auth, email: string): Promise<void> {
  const user = await userByEmail(auth, email);
  const { admin: _removed, ...others } = user.customClaims ?? {};
  await auth.setCustomUserClaims(user.uid, Object.keys(others).length > 0 ? others : null);
}

/** The email addresses of every account with the admin role, sorted. */
export async function listAdmins(auth: Auth): Promise<string[]> {
  const admins: string[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const user of page.users)
      if (user.customClaims?.admin === true) admins.push(user.email ?? user.uid);
    pageToken = page.pageToken;
  } while (pageToken);
  return admins.sort();
}
