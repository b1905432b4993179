/**
 * npm run build:functions: bundles each Netlify Function of netlify/functions/ whole, its packages
 * included, into .netlify/functions-bundled/, which netlify.toml gives Netlify to ship
 * (src/generator/bundle/functions.ts says why), then loads each bundle as Lambda would and calls
 * it: a function that does not load, or answers without words, fails the build, so Netlify never
 * deploys it. Netlify's build runs it after `npm run build`.
 */
import {
  bundleFunctions,
  FUNCTIONS_BUNDLE_DIR,
  loadProblem,
} from '../src/generator/bundle/functions.ts';
import { consoleLogger, fail, formatBytes } from './cli.ts';

const started = performance.now();
const bundles = await bundleFunctions(process.cwd());
const problems = await Promise.all(bundles.map(loadProblem));
for (const [i, { name, bytes }] of bundles.entries())
  consoleLogger.info(
    `  ${formatBytes(bytes).padStart(9)}  ${name}${problems[i] ? '  DOES NOT LOAD' : ''}`,
  );
const failed = bundles.flatMap((bundle, i) =>
  problems[i]
    ? [
        `The function ${bundle.name} does not load as AWS Lambda loads it (Node without require() of ES modules):\n${problems[i]}`,
      ]
    : [],
);
if (failed.length > 0)
  fail(
    `${failed.join('\n\n')}\n\nThe build stops here, so that Netlify does not deploy it. tests/platform/functions-on-lambda.test.ts runs the same check in npm test.`,
  );
consoleLogger.info(
  `Bundled ${bundles.length} functions into ${FUNCTIONS_BUNDLE_DIR}/, each loaded and answering as on Lambda, in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);
