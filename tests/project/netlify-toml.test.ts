// netlify.toml's settings that the rest of the project relies on: Pretty URLs on (the local server
// follows those rules, src/generator/server/resolve-file.ts), and the cache plugin, pinned, keeping what a
// warm build needs (tests/project/netlify-cache.test.ts shows what that spares).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import toml from '@iarna/toml';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS_BUNDLE_DIR } from '../../src/generator/bundle/functions.ts';
import { PROJECT_ROOT } from '../support/sites.ts';

interface NetlifyToml {
  build: { command: string; publish: string; processing?: { html?: { pretty_urls?: boolean } } };
  functions?: { directory?: string; node_bundler?: string };
  plugins?: { package: string; inputs?: { paths?: string[] } }[];
}

const config = toml.parse(
  readFileSync(path.join(PROJECT_ROOT, 'netlify.toml'), 'utf8'),
) as unknown as NetlifyToml;
const packageJson = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

describe('netlify.toml', () => {
  it('builds the site with npm run build into dist, then the functions with npm run build:functions', () => {
    expect(config.build).toMatchObject({
      command: 'npm run build && npm run build:functions',
      publish: 'dist',
    });
  });

  it("ships the functions' bundles as they are: Netlify's bundler would add node_modules to them", () => {
    expect(config.functions).toEqual({ directory: FUNCTIONS_BUNDLE_DIR, node_bundler: 'none' });
  });

  it('turns Pretty URLs on, the rules the local server follows', () => {
    expect(config.build.processing?.html?.pretty_urls).toBe(true);
  });

  it('keeps .cache and the publish folder between builds with netlify-plugin-cache, pinned to one version', () => {
    const plugin = config.plugins?.find((each) => each.package === 'netlify-plugin-cache');
    expect(plugin?.inputs?.paths).toEqual(['.cache', config.build.publish]);
    expect(packageJson.devDependencies['netlify-plugin-cache']).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
