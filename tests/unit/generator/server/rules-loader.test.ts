import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { headersForPath } from '../../../../src/generator/server/netlify-rules.ts';
import { createRulesLoader } from '../../../../src/generator/server/rules-loader.ts';

const dir = mkdtempSync(join(tmpdir(), 'rules-loader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A site folder of its own: netlify.toml beside a publish folder that has no rule files yet. */
function site(name: string) {
  const root = join(dir, name);
  const publishDir = join(root, 'dist');
  mkdirSync(publishDir, { recursive: true });
  const netlifyToml = join(root, 'netlify.toml');
  writeFileSync(netlifyToml, '[[headers]]\n  for = "/*"\n  [headers.values]\n    X-Site = "one"\n');
  return { netlifyToml, publishDir };
}

/** Writes a file and moves its time on, as a later edit would. */
function edit(file: string, text: string, secondsLater: number) {
  writeFileSync(file, text);
  const at = new Date(Date.now() + secondsLater * 1000);
  utimesSync(file, at, at);
}

describe('the local server’s Netlify rules', () => {
  it('are read again once netlify.toml changes, and a _headers file added later counts too', async () => {
    const sources = site('edited');
    const loader = await createRulesLoader(sources, () => {});
    const headersOf = async (path: string) => headersForPath((await loader.get()).headers, path);
    expect(await headersOf('/')).toMatchObject({ 'x-site': 'one' });

    edit(
      sources.netlifyToml,
      '[[headers]]\n  for = "/*"\n  [headers.values]\n    X-Site = "two"\n',
      5,
    );
    expect(await headersOf('/')).toMatchObject({ 'x-site': 'two' });

    edit(join(sources.publishDir, '_headers'), '/about\n  X-Page: about\n', 10);
    expect(await headersOf('/about')).toMatchObject({ 'x-site': 'two', 'x-page': 'about' });
  });

  it('keep the last good rules, and say so, when an edit makes them invalid', async () => {
    const sources = site('broken');
    const errors: unknown[] = [];
    const loader = await createRulesLoader(sources, (error) => errors.push(error));
    edit(join(sources.publishDir, '_redirects'), '/from\n', 5);
    expect(headersForPath((await loader.get()).headers, '/')).toMatchObject({ 'x-site': 'one' });
    expect(errors).toHaveLength(1);
  });
});
