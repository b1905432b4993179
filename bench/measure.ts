// How the benchmark runs a command: wall time around the whole command (Node start-up included),
// and peak RSS as GNU time's %M (all threads of the process).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const GNU_TIME = ['/usr/bin/time', '/bin/time'].find((file) => existsSync(file));
export const measuresRss = GNU_TIME !== undefined;

/** Node's own environment, without the site URL or NODE_ENV of the shell: each command sets what it needs. */
const { URL: _siteUrl, NODE_ENV: _nodeEnv, ...rest } = process.env;
export const cleanEnv = rest;

export interface Measured {
  seconds: number;
  rssMb: number | undefined;
  stdout: string;
}

/** Runs a command to completion: its wall time, and its peak RSS from GNU time when there is one. */
export function measure(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = cleanEnv,
): Promise<Measured> {
  const timeFile = path.join(
    tmpdir(),
    `bench-time-${process.pid}-${Math.random().toString(36).slice(2)}`,
  );
  const [file, argv] = GNU_TIME
    ? [GNU_TIME, ['-f', '%M', '-o', timeFile, command, ...args]]
    : [command, args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(file, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      let rssMb: number | undefined;
      if (GNU_TIME) {
        const kb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop());
        rssMb = Number.isFinite(kb) ? kb / 1024 : undefined;
        rmSync(timeFile, { force: true });
      }
      if (code !== 0)
        reject(
          new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stdout}\n${stderr}`),
        );
      else resolve({ seconds, rssMb, stdout });
    });
  });
}

export function countHtml(dir: string): number {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((name) =>
    name.endsWith('.html'),
  ).length;
}

export const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Node's options in `npm run build` (package.json), for running it minus npm. */
const buildNodeOptions = (): string[] => {
  const script = (
    JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts.build!;
  const match = /^node((?: --\S+)*) scripts\/run\.mjs build$/.exec(script);
  if (!match)
    throw new Error(
      `package.json's build script is not "node [options] scripts/run.mjs build": ${script}`,
    );
  return match[1]!.trim().split(' ').filter(Boolean);
};

/** `npm run build` itself, minus npm: the generator's launcher, with the script's Node options (and `env`'s variables, such as BUILD_THREADS). */
export const buildCommand = (
  contentDir: string,
  out: string,
  cache: string,
  env: NodeJS.ProcessEnv = {},
) =>
  measure(
    process.execPath,
    [
      ...buildNodeOptions(),
      'scripts/run.mjs',
      'build',
      '--content',
      contentDir,
      '--out',
      out,
      '--cache',
      cache,
    ],
    projectRoot,
    { ...cleanEnv, ...env },
  );
