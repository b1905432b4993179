// `npm run dev` on a content folder: one page's text edited at a time, timed from the save until
// its new HTML is on disk (seen from outside, the file polled every millisecond), and as the dev
// server prints it (from the file event to the written HTML).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanEnv, projectRoot } from './measure.ts';

/** A page to edit: its content file, the text to change in its body, and its output file. */
export interface EditablePage {
  file: string;
  text: string;
  html: string;
}

export interface DevEdits {
  /** As npm run dev prints it, and as seen on disk, in ms. */
  printed: number[];
  observed: number[];
  /** Pages rendered again for each edit, of `pages`. */
  rendered: number[];
  pages: number;
}

export async function devEdits(
  work: string,
  contentDir: string,
  pages: readonly EditablePage[],
): Promise<DevEdits> {
  const out = path.join(work, 'out-dev');
  const child = spawn(
    process.execPath,
    [
      'scripts/run.mjs',
      'dev',
      '--content',
      contentDir,
      '--out',
      out,
      '--cache',
      path.join(work, 'cache-dev'),
      '--port',
      '0',
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: projectRoot,
      env: cleanEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const waiters: (() => void)[] = [];
  const onData = (chunk: string) => {
    output += chunk;
    for (const waiter of waiters.splice(0)) waiter();
  };
  child.stdout.setEncoding('utf8').on('data', onData);
  child.stderr.setEncoding('utf8').on('data', onData);
  const until = <T>(test: () => T | null | undefined | false, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`npm run dev: timed out. Its output:\n${output}`)),
        timeoutMs,
      );
      const check = () => {
        const found = test();
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  try {
    await until(() => output.includes('Watching'), 600_000);
    const result: DevEdits = { printed: [], observed: [], rendered: [], pages: 0 };
    for (const [i, page] of pages.entries()) {
      const marker = `Edited for the benchmark ${i}`;
      const html = path.join(out, page.html);
      const before = output.length;
      const started = performance.now();
      writeFileSync(
        page.file,
        readFileSync(page.file, 'utf8').replace(page.text, `${marker}: ${page.text}`),
      );
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          let text = '';
          try {
            text = readFileSync(html, 'utf8');
          } catch {}
          if (text.includes(marker)) {
            clearInterval(timer);
            resolve();
          } else if (performance.now() - started > 60_000) {
            clearInterval(timer);
            reject(new Error(`${html} was not rewritten. Output of npm run dev:\n${output}`));
          }
        }, 1);
      });
      result.observed.push(performance.now() - started);
      const [, count, total, ms] = await until(
        () => /→ rebuilt (\d+) of (\d+) pages in (\d+) ms/.exec(output.slice(before)),
        60_000,
      );
      result.printed.push(Number(ms));
      result.rendered.push(Number(count));
      result.pages = Number(total);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return result;
  } finally {
    const exited = new Promise((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
