// Where `npm run admin` acts: the local Auth emulator unless a real project is named explicitly.
import { LOCAL_PROJECT_ID } from '../../kernel/wire/firebase-config.ts';
import type { RunningServices } from '../emulators/running-services.ts';

export type AdminTarget =
  | { kind: 'emulator'; host: string; projectId: string }
  | { kind: 'project'; projectId: string };

export class AdminTargetError extends Error {
  override name = 'AdminTargetError';
}

/**
 * `--project <id>` names a real Firebase project (credentials from Application Default
 * Credentials, GOOGLE_APPLICATION_CREDENTIALS); without it, the local emulator on 127.0.0.1 at
 * AUTH_EMULATOR_PORT, else the one the running `npm start` noted (`running`, from
 * .cache/local-services.json: its port is chosen at start). With a real project,
 * FIREBASE_AUTH_EMULATOR_HOST must not be set: firebase-admin would quietly talk to an emulator
 * instead, and trust unsigned tokens.
 */
export function adminTarget(
  project: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  running?: Pick<RunningServices, 'auth'>,
): AdminTarget {
  if (project !== undefined) {
    if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(project))
      throw new AdminTargetError(
        `"${project}" is not a Firebase project id (lower-case letters, digits and hyphens).`,
      );
    if (project.startsWith('demo-'))
      throw new AdminTargetError(
        `"${project}" is a demo project, which only exists in an emulator: leave out --project to use the local one.`,
      );
    if (env.FIREBASE_AUTH_EMULATOR_HOST) {
      throw new AdminTargetError(
        `FIREBASE_AUTH_EMULATOR_HOST is set (${env.FIREBASE_AUTH_EMULATOR_HOST}), so firebase-admin would not reach project "${project}". Unset it to manage a real project.`,
      );
    }
    return { kind: 'project', projectId: project };
  }
  if (!env.AUTH_EMULATOR_PORT) {
    if (!running) {
      throw new AdminTargetError(
        'No local Auth emulator is running for this project. Start it with `npm start` in another terminal (it notes where its emulator is in .cache/local-services.json), ' +
          'or set AUTH_EMULATOR_PORT to the port of one you started with it, or pass --project <id> for a real project.',
      );
    }
    return { kind: 'emulator', host: running.auth, projectId: LOCAL_PROJECT_ID };
  }
  const port = Number(env.AUTH_EMULATOR_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new AdminTargetError(
      `AUTH_EMULATOR_PORT is not a port number: ${env.AUTH_EMULATOR_PORT}`,
    );
  return { kind: 'emulator', host: `127.0.0.1:${port}`, projectId: LOCAL_PROJECT_ID };
}

export const describeTarget = (target: AdminTarget) =>
  target.kind === 'emulator'
    ? `the local Auth emulator (${target.host})`
    : `the Firebase project "${target.projectId}"`;
