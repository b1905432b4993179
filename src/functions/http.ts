// The functions' answers: JSON, never cached, and every failure an ApiError from the catalogue
// (src/kernel/errors/api-errors.ts) in words, with what belongs to it.
import type { z } from 'zod';
import { API_ERRORS, type ApiErrorCode } from '../kernel/errors/api-errors.ts';
import type { ApiError } from '../kernel/wire/proposals.ts';

type Entry<C extends ApiErrorCode> = (typeof API_ERRORS)[C];
/** What the entry's message takes. */
export type MessageArgs<C extends ApiErrorCode> = Entry<C>['message'] extends (
  ...args: infer A
) => string
  ? A
  : [];

/** A failure to answer with: thrown anywhere below a handler, answered by it. */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  constructor(
    readonly status: number,
    readonly body: ApiError,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`${body.error.code}: ${body.error.message}`);
  }

  /** The same failure in other words (a code's words for another API), its code and status kept. */
  reworded(
    words: Partial<
      Record<
        string,
        { title?: string; message?: string | ((said: string) => string); hint?: string }
      >
    >,
  ): ApiFailure {
    const other = words[this.body.error.code];
    if (!other) return this;
    const { error } = this.body;
    const message =
      typeof other.message === 'function'
        ? other.message(error.message)
        : (other.message ?? error.message);
    return new ApiFailure(
      this.status,
      {
        ...this.body,
        error: {
          ...error,
          title: other.title ?? error.title,
          message,
          ...(other.hint ? { hint: other.hint } : {}),
        },
      },
      this.headers,
    );
  }

  /** The same failure, with the fields that belong to it (problems, diff, url…) and headers. */
  with(extra: Omit<ApiError, 'error'>, headers: Record<string, string> = {}): ApiFailure {
    return new ApiFailure(this.status, { ...this.body, ...extra }, { ...this.headers, ...headers });
  }
}

export function failure<C extends ApiErrorCode>(code: C, ...args: MessageArgs<C>): ApiFailure {
  const entry = API_ERRORS[code] as {
    status: number;
    title: string;
    message: string | ((...args: unknown[]) => string);
    hint?: string;
  };
  const message = typeof entry.message === 'function' ? entry.message(...args) : entry.message;
  return new ApiFailure(entry.status, {
    error: { code, title: entry.title, message, ...(entry.hint ? { hint: entry.hint } : {}) },
  });
}

export const isApiFailure = (error: unknown): error is ApiFailure => error instanceof ApiFailure;

const NO_STORE = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** A JSON answer that no browser or CDN keeps: proposals change from one moment to the next. */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(`${JSON.stringify(body)}\n`, {
    status,
    headers: { ...NO_STORE, ...headers },
  });
}

export const answerFailure = (error: ApiFailure) => json(error.status, error.body, error.headers);

/**
 * A function's answer to one request: what `route` answers, or its failure in words (an unexpected
 * one logged and answered 500, `words` rewording the catalogue's for another API), with the
 * function's own time in Server-Timing.
 */
export async function answering(
  req: Request,
  route: () => Promise<Response>,
  {
    log = console.error,
    words,
  }: { log?: (message: string) => void; words?: Parameters<ApiFailure['reworded']>[0] } = {},
): Promise<Response> {
  const started = performance.now();
  let response: Response;
  try {
    response = await route();
  } catch (error) {
    if (!isApiFailure(error))
      log(
        `${req.method} ${new URL(req.url).pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    const failed = isApiFailure(error) ? error : failure('server-fault');
    response = answerFailure(words ? failed.reworded(words) : failed);
  }
  response.headers.set('server-timing', `fn;dur=${(performance.now() - started).toFixed(1)}`);
  return response;
}

/**
 * The request's JSON body, read up to `limit` bytes (413 beyond, however it is sent), then
 * validated by the schema (400 with the first issue in words).
 */
export async function readJson<T>(req: Request, limit: number, schema: z.ZodType<T>): Promise<T> {
  const declared = Number(req.headers.get('content-length'));
  if (declared > limit) throw failure('too-large', limit);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.byteLength;
      if (size > limit) {
        await reader.cancel();
        throw failure('too-large', limit);
      }
      chunks.push(chunk.value);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)));
  } catch {
    throw failure('bad-request', 'its body is not JSON.');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw failure(
      'bad-request',
      `${issue.path.length > 0 ? `"${issue.path.join('.')}": ` : ''}${issue.message}.`,
    );
  }
  return parsed.data;
}
