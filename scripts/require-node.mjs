// @ts-check
// The Node.js this project runs on is said once, in .nvmrc (its major version, or later).
// `npm ci` installs it (the `node` package puts it at node_modules/.bin/node), and `npm run` puts
// that folder first on PATH, so every npm script and every process it starts runs on it even where
// the system's Node is older. Started by hand on an older Node (`node scripts/run.mjs build`), each
// entry point stops here with one line, before it loads anything that needs the newer one.
// Plain JavaScript that old Node versions can parse; imported first by every entry point.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GENERATOR_ROOT } from '../src/generator/cache/code-key.mjs';

/** The major version .nvmrc names. */
export const REQUIRED_NODE_MAJOR = Number(
  readFileSync(path.join(GENERATOR_ROOT, '.nvmrc'), 'utf8').trim().replace(/^v/, '').split('.')[0],
);

/**
 * What to tell someone running `version` (process.version), or undefined when it will do.
 * @param {string} version
 * @param {string} [execPath]
 * @returns {string | undefined}
 */
export function nodeVersionProblem(version, execPath = '') {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  const where = execPath ? ` (${execPath})` : '';
  return (
    `This project needs Node.js ${REQUIRED_NODE_MAJOR} or later, and this is Node.js ${version}${where}: ` +
    `run it through npm (npm start, npm test, npm run build…), which uses the Node.js ${REQUIRED_NODE_MAJOR} that \`npm ci\` installs in node_modules/.bin, ` +
    `or switch with your Node version manager (\`nvm use\` reads .nvmrc).`
  );
}

const problem = nodeVersionProblem(process.version, process.execPath);
if (problem) {
  console.error(problem);
  process.exit(1);
}
