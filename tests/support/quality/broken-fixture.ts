// The deliberately broken page of tests/fixtures/quality-broken/ (see its README), served by the
// project's own server with the fixture's weak netlify.toml. Every gate's spec runs its check on it
// too and expects the check to fail: a gate that cannot fail proves nothing.
import { fileURLToPath } from 'node:url';
import type { RunningSite } from '../../../src/generator/gates/serve.ts';

export const BROKEN_FIXTURE = fileURLToPath(
  new URL('../../fixtures/quality-broken/', import.meta.url),
);
export const BROKEN_SITE_ROOT = `${BROKEN_FIXTURE}site`;

let running: Promise<RunningSite> | undefined;

/** Started once per test worker, on first use. */
export function brokenSite(): Promise<RunningSite> {
  // The server is loaded only here: BROKEN_SITE_ROOT's readers that check files (the W3C gate's step) need none of it.
  running ??= import('../../../src/generator/gates/serve.ts').then(({ serveSite }) =>
    serveSite(BROKEN_SITE_ROOT, `${BROKEN_FIXTURE}netlify.toml`, { unref: true }),
  );
  return running;
}
