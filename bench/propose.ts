// Proposing a page locally, the server's half of "from the click to the proposal shown": five
// proposals (five pages, each edited) sent to the local server's proposals function, timed from
// the HTTP request to its answer, with the function's own time (its Server-Timing). The function
// runs in-process as under `npm start`, with the Auth emulator checking the token and the local
// backend on a temporary repository holding the real content (so no branch is made in this one).
//   npx tsx bench/propose.ts
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminAuth } from '../src/generator/accounts/admin-auth.ts';
import { freePort, startAuthEmulator } from '../src/generator/emulators/auth-emulator.ts';
import { LOCAL_ACCOUNTS, seedLocalAccounts } from '../src/generator/emulators/local-accounts.ts';
import { createSiteServer } from '../src/generator/server/create-server.ts';
import { functionRoutes } from '../src/generator/server/functions.ts';
import { LOCAL_PROJECT_ID } from '../src/kernel/wire/firebase-config.ts';
import { PROPOSALS_API } from '../src/kernel/wire/proposal-paths.ts';
import { median, projectRoot } from './measure.ts';
import { PROPOSED_PAGES, proposalRepository, serverTiming } from './proposal-repository.ts';
import { recordResults } from './results.ts';

recordResults('propose');

const PAGES = PROPOSED_PAGES.map((name) => `content/services/${name}.md`);

const work = await mkdtemp(path.join(tmpdir(), 'bench-propose-'));
const repo = path.join(work, 'repo');
const { git } = await proposalRepository(repo);
await writeFile(path.join(work, '404.html'), '<!doctype html><title>Not found</title>');

const emulator = startAuthEmulator({
  port: await freePort(),
  hubPort: await freePort(),
  loggingPort: await freePort(),
});
process.env.PUBLISH_REPOSITORY_DIR = repo;
const server = await createSiteServer({
  root: work,
  netlifyToml: path.join(projectRoot, 'netlify.toml'),
  functions: functionRoutes(),
});
await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
try {
  await emulator.ready;
  await seedLocalAccounts(
    adminAuth({ kind: 'emulator', host: emulator.host, projectId: LOCAL_PROJECT_ID }),
  );
  const signIn = await fetch(
    `${emulator.origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...LOCAL_ACCOUNTS.admin, returnSecureToken: true }),
    },
  );
  const { idToken } = (await signIn.json()) as { idToken: string };
  const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
  // The function's module loaded, and the site at the base commit derived, as they are once the builder has listed the proposals.
  await fetch(`${origin}${PROPOSALS_API}`, { headers });

  const total: number[] = [];
  const own: number[] = [];
  for (const file of PAGES) {
    const text = await readFile(path.join(repo, file), 'utf8');
    const body = JSON.stringify({
      path: file,
      text: text.replace(/^summary: (.*)$/m, 'summary: $1 Booked in a day.'),
      summary: 'Update the summary',
      blob: git('rev-parse', `HEAD:${file}`),
    });
    const started = performance.now();
    const response = await fetch(`${origin}${PROPOSALS_API}`, { method: 'POST', headers, body });
    await response.text();
    total.push(performance.now() - started);
    own.push(serverTiming(response.headers.get('server-timing')));
    if (response.status !== 201) throw new Error(`${file}: answered ${response.status}`);
  }
  const ms = (values: number[]) => values.map((value) => Math.round(value)).join(', ');
  console.log(`Proposals, each from the HTTP request to the answer: ${ms(total)} ms.`);
  console.log(`The function's own time: ${ms(own)} ms.`);
  console.log(
    `bench: propose median=${Math.round(median(total))}ms function_median=${Math.round(median(own))}ms target=2000ms`,
  );
} finally {
  server.close();
  await emulator.stop();
  await rm(work, { recursive: true, force: true });
}
