// `npm run dev` end to end: a real child process building a temporary copy of
// the content, a live-reload stream, an edit, the reload and the rebuilt page.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RELOAD_SCRIPT_TAG } from '../../../src/generator/dev/inject-reload-script.ts';
import { openEventStream } from '../../support/sse-client.ts';
import { SPEC_ROUTES } from '../../support/spec-routes.ts';

const dir = mkdtempSync(join(tmpdir(), 'dev-cli-'));
const contentDir = join(dir, 'content');
const outDir = join(dir, 'dist');
const SERVICE = join(contentDir, 'services', 'carpet-cleaning-services.md');
let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function fetchText(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(text));
    }).on('error', reject);
  });
}

/** Resolves with the port once the dev server says it is serving and watching. */
function whenReady(process: ChildProcess, output: { text: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const port = /on http:\/\/127\.0\.0\.1:(\d+)/.exec(output.text)?.[1];
      if (port && output.text.includes('Watching')) resolve(Number(port));
    };
    process.stdout!.on('data', check);
    process.on('exit', (code) =>
      reject(new Error(`dev exited early with ${code}:\n${output.text}`)),
    );
  });
}

describe('npm run dev', () => {
  it('rebuilds after a content edit, sends "reload", serves the new page, and exits cleanly', async () => {
    cpSync(join(process.cwd(), 'content'), contentDir, { recursive: true });
    const { PORT: _port, ...env } = process.env;
    const output = { text: '' };
    child = spawn(
      process.execPath,
      [
        'scripts/run.mjs',
        'dev',
        '--content',
        contentDir,
        '--out',
        outDir,
        '--port',
        '0',
        '--host',
        '127.0.0.1',
      ],
      { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output.text += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output.text += chunk));

    const port = await whenReady(child, output);
    expect(output.text).toMatch(new RegExp(`Built ${SPEC_ROUTES.length} pages in [\\d.]+ s`));
    const before = await fetchText(port, '/carpet-cleaning-services');
    expect(before).toContain(RELOAD_SCRIPT_TAG);

    const events = await openEventStream(port);
    try {
      const newTitle = `Carpet Cleaning Edited ${Date.now()}`;
      const source = readFileSync(SERVICE, 'utf8');
      expect(source).toMatch(/^title: .*$/m);
      writeFileSync(SERVICE, source.replace(/^title: .*$/m, `title: ${newTitle}`));

      await events.next('reload', 15_000).catch((error: Error) => {
        throw new Error(`${error.message}. Output of the dev server:\n${output.text}`);
      });
      const after = await fetchText(port, '/carpet-cleaning-services');
      expect(after).toContain(`<title>${newTitle}</title>`);
      expect(readFileSync(join(outDir, 'carpet-cleaning-services.html'), 'utf8')).toContain(
        newTitle,
      );
      // Incremental: the edited page alone (its title shows nowhere else), timed from the file event.
      expect(output.text).toMatch(
        new RegExp(
          `services/carpet-cleaning-services\\.md changed → rebuilt 1 of ${SPEC_ROUTES.length} pages in \\d+ ms`,
        ),
      );
    } finally {
      events.close();
    }

    const exited = new Promise<number | null>((resolve) =>
      child!.on('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output.text).toContain('SIGTERM received, shutting down.');
    // Nothing half-built was left next to the output.
    expect(readdirSync(dir).sort()).toEqual(['content', 'dist']);
    expect(existsSync(join(outDir, 'index.html'))).toBe(true);
  }, 60_000); // about 5 s on an idle machine; generous for a busy CI runner
});
