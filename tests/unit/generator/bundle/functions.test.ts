// The functions' bundles: one ES module each, and a check that each loads as Lambda loads it,
// which stops the build (and so the deploy) when one would not.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleFunctions,
  FUNCTIONS_BUNDLE_DIR,
  loadProblem,
  type FunctionBundle,
} from '../../../../src/generator/bundle/functions.ts';
import { FIXTURES } from '../../../support/sites.ts';

// Written where the build writes them, inside the project, so that they find its node_modules as on Netlify.
const project = path.join(FIXTURES, 'functions-bundle');
const out = path.join(project, FUNCTIONS_BUNDLE_DIR);
let bundles: FunctionBundle[];

beforeAll(async () => {
  bundles = await bundleFunctions(project);
});
afterAll(() => rm(path.join(project, '.netlify'), { recursive: true, force: true }));

describe('bundleFunctions', () => {
  it('writes one ES module for each entry of netlify/functions/, and nothing else', async () => {
    expect(bundles.map((bundle) => bundle.name)).toEqual(['answers', 'loads-jose-at-run-time']);
    expect((await readdir(out)).sort()).toEqual(['answers.mjs', 'loads-jose-at-run-time.mjs']);
  });
});

describe('loadProblem', () => {
  it('finds none in a function that loads and answers in words', async () => {
    expect(await loadProblem(bundles[0]!)).toBeUndefined();
  });

  it('names the require() of an ES module that Lambda refuses', async () => {
    expect(await loadProblem(bundles[1]!)).toMatch(
      /ERR_REQUIRE_ESM|require\(\) of ES Module .*jose/,
    );
  });
});
