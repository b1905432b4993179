// The site's functions as the browser meets them, for the API tests: the real modules of
// netlify/functions/ served by the local server (from a temporary folder with a 404 page), and
// firebase-admin checking tokens from a local Auth emulator seeded with the local accounts, as
// npm start does. Each function reads its set-up from the environment at every request, so a test
// sets ENQUIRIES_DIR, PUBLISH_REPOSITORY_DIR… whenever it likes.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { adminAuth } from '../../src/generator/accounts/admin-auth.ts';
import { freePort, startAuthEmulator } from '../../src/generator/emulators/auth-emulator.ts';
import { LOCAL_ACCOUNTS, seedLocalAccounts } from '../../src/generator/emulators/local-accounts.ts';
import { createSiteServer } from '../../src/generator/server/create-server.ts';
import { functionRoutes } from '../../src/generator/server/functions.ts';
import { LOCAL_PROJECT_ID } from '../../src/kernel/wire/firebase-config.ts';
import { PROJECT_ROOT } from './sites.ts';

export interface FunctionsServer {
  /** The temporary folder the server serves: the tests' own to write in. */
  root: string;
  /** The ID tokens of the local administrator and of a member without the admin role. */
  tokens: Record<'admin' | 'member', string>;
  /** The Auth emulator's "127.0.0.1:<port>", for FIREBASE_AUTH_EMULATOR_HOST. */
  emulatorHost: string;
  /** A request to the server, with a bearer token if given; a body that is not a string is sent as JSON. */
  call(
    method: string,
    address: string,
    options?: { token?: string; body?: unknown },
  ): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the server and the emulator (folder names start with `prefix`); ready once the tokens are. */
export async function startFunctionsServer(prefix: string): Promise<FunctionsServer> {
  const emulator = startAuthEmulator({
    port: await freePort(),
    hubPort: await freePort(),
    loggingPort: await freePort(),
  });
  const root = await mkdtemp(path.join(tmpdir(), prefix));
  await writeFile(path.join(root, '404.html'), '<!doctype html><title>Not found</title>');
  const server: Server = await createSiteServer({
    root,
    netlifyToml: path.join(PROJECT_ROOT, 'netlify.toml'),
    functions: functionRoutes(),
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    await new Promise((closed) => server.close(closed));
    await emulator.stop();
    await rm(root, { recursive: true, force: true });
  };
  const tokens = { admin: '', member: '' };
  try {
    await emulator.ready;
    // As npm start does: the accounts seeded through firebase-admin, which points this process at the emulator.
    await seedLocalAccounts(
      adminAuth({ kind: 'emulator', host: emulator.host, projectId: LOCAL_PROJECT_ID }),
    );
    for (const who of ['admin', 'member'] as const) {
      const response = await fetch(
        `${emulator.origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...LOCAL_ACCOUNTS[who], returnSecureToken: true }),
        },
      );
      tokens[who] = ((await response.json()) as { idToken: string }).idToken;
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    root,
    tokens,
    emulatorHost: emulator.host,
    call: (method, address, { token, body } = {}) =>
      fetch(`${origin}${address}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          'content-type': 'application/json',
        },
        body:
          body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    close,
  };
}

/**
 * The Auth emulator's ID token with its claims changed by hand: its tokens are unsigned
 * (`alg: none`), so anyone who holds one can do this.
 */
export function withClaims(token: string, claims: Record<string, unknown>): string {
  const [header, payload] = token.split('.');
  const changed = {
    ...(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>),
    ...claims,
  };
  return `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.`;
}

/** The answer's status and its JSON body, parsed by the schema; every answer is JSON that no browser or CDN keeps. */
export async function answer<T>(
  response: Response,
  schema: { parse(value: unknown): T },
): Promise<{ status: number; body: T }> {
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: response.status, body: schema.parse(await response.json()) };
}
