// The accounts `npm start` (and the browser tests' server) creates in the local Auth emulator, whose
// data lives only as long as it runs. Nothing like them exists in a real project.
import type { Auth } from 'firebase-admin/auth';
import { grantAdmin } from '../accounts/roles.ts';

export const LOCAL_ACCOUNTS = {
  admin: { email: 'admin@ardent.example', password: 'local-admin-password' },
  member: { email: 'member@ardent.example', password: 'local-member-password' },
} as const;

/** Creates the two accounts (an emulator starts empty) and gives the first the admin role. */
export async function seedLocalAccounts(auth: Auth): Promise<void> {
  await Promise.all(
    Object.values(LOCAL_ACCOUNTS).map((account) =>
      auth.createUser({ ...account, emailVerified: true }),
    ),
  );
  await grantAdmin(auth, LOCAL_ACCOUNTS.admin.email);
}
