// The W3C's Nu Html Checker (vnu, from the npm package vnu-jar) beside html-validate
// (html-validity.ts): the HTML standard as the W3C's validator reads it, errors only, on the pages
// it is given. All the pages go to one run of Java, whose start-up is most of the cost, so a caller
// with a few pages (npm run check:change) passes just those.
//
// vnu.jar is run with the machine's `java` (17 or later) and nothing is ever downloaded: the
// package's own launcher (and its install script, denied in package.json's allowScripts) would
// fetch a Java runtime from GitHub when `java` is missing. CI installs Debian's
// default-jre-headless instead (.ci/run).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall } from '../../../scripts/apt-install.ts';

export interface W3cError {
  /** The page, relative to the `root` the caller gave. */
  file: string;
  /** 0 for a problem with the file itself rather than a place in it. */
  line: number;
  column: number;
  message: string;
  /** The checker's excerpt of the markup around the error. */
  extract: string;
}

export const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/**
 * The JVM's options. C1 only: a run this short otherwise spends more than half its CPU time in C2's
 * compiler threads, for code it has finished with by then. C1's stack frames are larger, and the
 * checker's schema recurses deeply: with the default stack it stops with a StackOverflowError and
 * asks for at least 512k, so it gets 4 MB.
 */
const JAVA_OPTIONS = ['-Xss4m', '-XX:TieredStopAtLevel=1'];
const VNU_OPTIONS = [
  '--errors-only',
  '--no-langdetect',
  '--format',
  'json',
  '--stdout',
  '--exit-zero-always',
];

export const JAVA_NEEDED =
  'The W3C checker needs Java 17 or later as `java` on the PATH. On Debian or Ubuntu: `sudo apt-get install default-jre-headless` (.ci/run installs it).';

/** Whether `java` runs at all (its version is the checker's to judge). */
export const javaAvailable = () =>
  spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

/** Java, installed with apt when it is missing and this process may (the CI container, as for Chromium): whether it runs now. */
export const ensureJava = () =>
  javaAvailable() ||
  (aptInstall('default-jre-headless', 'Java is missing (the W3C checker runs on it)') &&
    javaAvailable());

/** One message of vnu's JSON output (`--format json`). */
interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  url?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/** The errors the W3C checker finds in these HTML files, in one run (file names relative to `root`). */
export async function w3cErrors(root: string, files: readonly string[]): Promise<W3cError[]> {
  if (files.length === 0) return [];
  const absolute = files.map((file) => resolve(file));
  // vnu passes over a file that is not there without a word: a page that is not there is an error here.
  const missing = absolute.filter((file) => !existsSync(file));
  if (missing.length > 0)
    throw new Error(
      `Cannot check pages that do not exist: ${missing.map((file) => relative(root, file)).join(', ')}`,
    );
  const output = await runVnu(absolute);
  return output.messages
    .filter((message) => message.type !== 'info')
    .map((message) => ({
      file: message.url ? relative(root, fileURLToPath(new URL(message.url))) : '(the checker)',
      line: message.firstLine ?? message.lastLine ?? 0,
      column: message.firstColumn ?? 0,
      message: message.message,
      extract: message.extract ?? '',
    }));
}

function runVnu(files: readonly string[]): Promise<{ messages: VnuMessage[] }> {
  return new Promise((done, failed) => {
    const child = spawn('java', [...JAVA_OPTIONS, '-jar', VNU_JAR, ...VNU_OPTIONS, ...files], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      failed(error.code === 'ENOENT' ? new Error(JAVA_NEEDED) : error),
    );
    child.on('close', (status) => {
      // With --exit-zero-always, any other status is the checker failing, not the pages.
      if (status !== 0)
        return failed(
          new Error(
            `The W3C checker stopped (exit status ${status}): ${stderr.trim() || stdout.trim()}\n${JAVA_NEEDED}`,
          ),
        );
      try {
        done(JSON.parse(stdout) as { messages: VnuMessage[] });
      } catch {
        failed(
          new Error(
            `The W3C checker's output is not the JSON expected: ${(stdout || stderr).slice(0, 500)}`,
          ),
        );
      }
    });
  });
}

/** For each error, page:line:column and the message, then (indented, on a line of its own) the markup it is about. */
export const formatW3cErrors = (errors: readonly W3cError[]) =>
  errors.map(
    (error) =>
      `${error.file}:${error.line}:${error.column} ${error.message}${error.extract ? `\n    ${error.extract.replace(/\s+/g, ' ').trim()}` : ''}`,
  );
