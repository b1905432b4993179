// firebase-admin's Auth for a target. The only place that sets FIREBASE_AUTH_EMULATOR_HOST, and
// only for the local emulator: with it set, firebase-admin accepts unsigned ID tokens, so it must
// never be set anywhere a real project is used (tests/unit/generator/accounts/admin-target.test.ts).
import { applicationDefault, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { AdminTarget } from './admin-target.ts';

export function adminAuth(target: AdminTarget): Auth {
  if (target.kind === 'emulator') {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = target.host;
    return getAuth(initializeApp({ projectId: target.projectId }, `emulator-${target.host}`));
  }
  return getAuth(
    initializeApp(
      { projectId: target.projectId, credential: applicationDefault() },
      `project-${target.projectId}`,
    ),
  );
}
