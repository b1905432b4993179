// @ts-check
// node scripts/change-scope.mjs --base <ref> [--head <ref>]: whether a change touches content/ alone.
// The content workflow's first job runs it on a pull request (its merge commit against the base it
// was merged onto) to choose between `npm run check:change` (content only) and the code suite
// (anything else). Git and Node's built-ins only, so that job needs no `npm ci`.
//
// Content only means: every path the change adds, deletes, modifies or renames, on either side, is
// a plain file under content/. Anything else makes it a code change, and no path trick skips the
// code suite: a rename from or to outside content/ counts both paths (renames are not followed:
// they are a deletion and an addition), a symlink (mode 120000) or a submodule (160000) anywhere,
// a path with an empty, "." or ".." part or a backslash, a file deleted outside content/.
//
// It prints its decision and the first paths that made it, and, inside GitHub Actions, writes
// `scope=content|code` and `base=<commit>` to $GITHUB_OUTPUT.
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** The folder whose changes alone make a content change. */
export const CONTENT_FOLDER = 'content';

/** Modes of a plain file (and of "nothing", the missing side of an addition or a deletion). */
const PLAIN_MODES = new Set(['100644', '100755', '000000']);

/**
 * @typedef {object} ChangedEntry One line of `git diff --raw`.
 * @property {string} status A, D, M, T, R<score>, C<score>, U or X.
 * @property {string} fromMode
 * @property {string} toMode
 * @property {string[]} paths The path, or for a rename or copy the path before and after.
 */

/**
 * Parses `git diff --raw -z` output: `:<from mode> <to mode> <from> <to> <status>\0<path>\0`, with
 * a second path for a rename or a copy.
 * @param {string} output
 * @returns {ChangedEntry[]}
 */
export function parseRawDiff(output) {
  const fields = output.split('\0');
  /** @type {ChangedEntry[]} */
  const entries = [];
  for (let at = 0; at < fields.length;) {
    const header = fields[at++];
    if (!header) continue;
    const match = /^:(\d{6}) (\d{6}) [0-9a-f]+ [0-9a-f]+ ([A-Z])(\d*)$/.exec(header);
    if (!match) throw new Error(`Unexpected line in git's diff: ${JSON.stringify(header)}`);
    const [fromMode, toMode, letter] = match.slice(1, 4);
    const count = letter === 'R' || letter === 'C' ? 2 : 1;
    entries.push({
      status: /** @type {string} */ (letter),
      fromMode: /** @type {string} */ (fromMode),
      toMode: /** @type {string} */ (toMode),
      paths: fields.slice(at, at + count),
    });
    at += count;
  }
  return entries;
}

/**
 * Why a path is not a plain path under content/, or undefined when it is one.
 * @param {string} file
 * @returns {string | undefined}
 */
export function outsideContent(file) {
  const parts = file.split('/');
  if (file.includes('\\')) return 'has a backslash in its path';
  if (parts.some((part) => part === '' || part === '.' || part === '..'))
    return 'has an empty, "." or ".." part in its path';
  if (parts[0] !== CONTENT_FOLDER || parts.length < 2) return `is outside ${CONTENT_FOLDER}/`;
  return undefined;
}

/**
 * The decision on a change's entries: `content` when every one is a plain file under content/,
 * else `code`, with a reason for each entry that made it so.
 * @param {readonly ChangedEntry[]} entries
 * @returns {{ scope: 'content' | 'code', reasons: string[] }}
 */
export function changeScope(entries) {
  /** @type {string[]} */
  const reasons = [];
  for (const { status, fromMode, toMode, paths } of entries) {
    const modes = [fromMode, toMode];
    const shown = paths.join(' → ');
    if (modes.includes('120000')) reasons.push(`${shown}: a symbolic link`);
    else if (modes.includes('160000')) reasons.push(`${shown}: a submodule`);
    else if (!modes.every((mode) => PLAIN_MODES.has(mode)))
      reasons.push(`${shown}: not a plain file (mode ${modes.join(' → ')})`);
    for (const file of paths) {
      const why = outsideContent(file);
      if (why)
        reasons.push(
          `${file} (${status === 'D' ? 'deleted' : status === 'A' ? 'added' : status.startsWith('R') ? 'renamed' : 'changed'}) ${why}`,
        );
    }
  }
  return { scope: reasons.length === 0 ? 'content' : 'code', reasons };
}

/**
 * @param {string} cwd
 * @param {string[]} args
 */
const git = (cwd, args) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/**
 * The decision on what `head` changes since `base`, in the repository at `cwd`.
 * @param {{ cwd: string, base: string, head: string }} options
 */
export function scopeOfChange({ cwd, base, head }) {
  const [baseCommit, headCommit] = [base, head].map((ref) =>
    git(cwd, ['rev-parse', '--verify', '--end-of-options', `${ref}^{commit}`]).trim(),
  );
  // Renames are not followed: each is its deletion and its addition, both paths judged.
  const raw = git(cwd, [
    'diff',
    '--raw',
    '-z',
    '--no-renames',
    '--no-abbrev',
    '--no-ext-diff',
    '--no-textconv',
    /** @type {string} */ (baseCommit),
    /** @type {string} */ (headCommit),
  ]);
  const entries = parseRawDiff(raw);
  return {
    base: /** @type {string} */ (baseCommit),
    files: entries.length,
    ...changeScope(entries),
  };
}

const isMain =
  process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain) {
  const { values } = parseArgs({
    options: { base: { type: 'string' }, head: { type: 'string', default: 'HEAD' } },
    strict: true,
  });
  if (!values.base) {
    console.error('Usage: node scripts/change-scope.mjs --base <ref> [--head <ref>]');
    process.exit(1);
  }
  const decision = scopeOfChange({
    cwd: process.cwd(),
    base: values.base,
    head: values.head ?? 'HEAD',
  });
  if (decision.scope === 'content')
    console.log(
      `Content only: the ${decision.files} file${decision.files === 1 ? '' : 's'} changed since ${decision.base.slice(0, 12)} are under ${CONTENT_FOLDER}/, so npm run check:change checks it.`,
    );
  else {
    console.log(`A code change: the code suite runs. Since ${decision.base.slice(0, 12)}:`);
    for (const reason of decision.reasons.slice(0, 20)) console.log(`  ${reason}`);
    if (decision.reasons.length > 20) console.log(`  and ${decision.reasons.length - 20} more`);
  }
  if (process.env.GITHUB_OUTPUT)
    appendFileSync(process.env.GITHUB_OUTPUT, `scope=${decision.scope}\nbase=${decision.base}\n`);
}
