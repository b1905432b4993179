// A Netlify Function as AWS Lambda runs it: a fresh Node process for the function, started with
// the flags Lambda starts Node with (it turns off `require()` of ES modules and the detection of
// module syntax, even where Node has them on: AWS's "Building Lambda functions with Node.js", and
// Netlify's CLI, which copies it), importing the handler Netlify's bundler wrote, and each request
// given to it as the event Netlify's proxy sends (runtime.mjs is the process's side).
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const LAMBDA_NODE_FLAGS = [
  '--no-experimental-require-module',
  '--no-experimental-detect-module',
];

const RUNTIME = fileURLToPath(new URL('./runtime.mjs', import.meta.url));

export interface LambdaAnswer {
  status: number;
  headers: Headers;
  body: string;
  /** The invocation's time in the function's process. */
  ms: number;
  /** Why the invocation failed, when it did (Netlify answers 500 then). */
  error?: string;
}

export interface LambdaRequest {
  headers?: Record<string, string>;
  body?: string;
  /** The `config.path` Netlify matched, which it sends with the event. */
  route?: string;
}

export interface Lambda {
  /** From the process's start to its handler imported: the cold start before the first request. */
  initMs: number;
  invoke(method: string, url: string, request?: LambdaRequest): Promise<LambdaAnswer>;
  /** What the function printed. */
  output(): string;
  stop(): Promise<void>;
}

type Message =
  | { type: 'ready'; ms: number }
  | { type: 'init-error'; error: string }
  | {
      type: 'answer';
      id: number;
      prelude?: {
        statusCode: number;
        headers?: Record<string, string>;
        multiValueHeaders?: Record<string, string[]>;
      };
      body?: string;
      ms: number;
      error?: string;
    };

/**
 * Starts the function whose entry (Netlify's `___netlify-entry-point.mjs`) is `entry`, with exactly
 * `env` (and PATH), under Lambda's flags or `flags` instead.
 */
export async function startLambda(
  entry: string,
  env: Record<string, string>,
  flags: readonly string[] = LAMBDA_NODE_FLAGS,
): Promise<Lambda> {
  const started = performance.now();
  const child: ChildProcess = fork(RUNTIME, [entry], {
    execPath: process.execPath,
    execArgv: [...flags],
    env: { PATH: process.env.PATH ?? '', TZ: 'UTC', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const waiting = new Map<number, (message: Extract<Message, { type: 'answer' }>) => void>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<number>((resolve, reject) => {
    child.on('message', (message: Message) => {
      if (message.type === 'ready') resolve(performance.now() - started);
      else if (message.type === 'init-error')
        reject(new Error(`The function did not load: ${message.error}`));
      else waiting.get(message.id)?.(message);
    });
    void exited.then(() =>
      reject(new Error(`The function's process ended before it was ready:\n${output}`)),
    );
  });
  const initMs = await ready;
  let next = 0;
  return {
    initMs,
    output: () => output,
    async invoke(method, url, { headers = {}, body, route } = {}) {
      const address = new URL(url);
      const event = {
        rawUrl: address.href,
        rawQuery: address.search.slice(1),
        path: address.pathname,
        httpMethod: method,
        headers: { host: address.host, ...headers },
        body: body ?? null,
        isBase64Encoded: false,
        flags: {},
        ...(route ? { route } : {}),
      };
      const id = ++next;
      const answered = new Promise<Extract<Message, { type: 'answer' }>>((resolve, reject) => {
        waiting.set(id, resolve);
        void exited.then(() =>
          reject(new Error(`The function's process ended during the request:\n${output}`)),
        );
      });
      child.send({ id, event });
      const answer = await answered;
      waiting.delete(id);
      if (answer.error !== undefined || !answer.prelude)
        return {
          status: 500,
          headers: new Headers(),
          body: '',
          ms: answer.ms,
          error: answer.error ?? 'The handler wrote no response.',
        };
      const responseHeaders = new Headers(answer.prelude.headers);
      for (const [name, values] of Object.entries(answer.prelude.multiValueHeaders ?? {}))
        for (const value of values) responseHeaders.append(name, value);
      return {
        status: answer.prelude.statusCode,
        headers: responseHeaders,
        body: answer.body ?? '',
        ms: answer.ms,
      };
    },
    async stop() {
      child.kill();
      await exited;
    },
  };
}
