// Writes one static file as an HTTP response: Content-Type, weak ETag /
// Last-Modified with 304s, gzip/brotli for text, byte ranges for the rest,
// HEAD without a body, and an optional HTML transform (used by the dev server).
// Hand-rolled instead of sirv because sirv streams files untouched (no HTML
// transform, no on-the-fly compression), only honours If-None-Match, and sets
// its own Cache-Control.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { contentTypeFor, isCompressible, isHtml } from './content-types.ts';
import type { ResolvedFile } from './resolve-file.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files up to this size are read into memory so they can be compressed. */
const MAX_BUFFERED_BYTES = 10 * 1024 * 1024;
/** Below this, compression costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;

export interface SendFileOptions {
  status: number;
  /** Headers from Netlify rules etc.; they override the defaults set here (as on Netlify, even Content-Type). */
  headers: Record<string, string>;
  transformHtml?: ((html: string) => string) | undefined;
}

export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: ResolvedFile,
  options: SendFileOptions,
): Promise<void> {
  const contentType = contentTypeFor(file.filePath);
  const base: OutgoingHttpHeaders = {
    'content-type': contentType,
    'last-modified': file.stats.mtime.toUTCString(),
  };
  const buffered = isCompressible(contentType) && file.stats.size <= MAX_BUFFERED_BYTES;
  if (buffered) {
    let body = await readFile(file.filePath);
    if (options.transformHtml && isHtml(contentType)) {
      body = Buffer.from(options.transformHtml(body.toString('utf8')), 'utf8');
    }
    // Hash the (transformed) body so a changed transform also changes the ETag.
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
    await sendBuffer(req, res, body, { ...base, etag, vary: 'Accept-Encoding' }, options);
  } else {
    const etag = `W/"${file.stats.size.toString(16)}-${Math.floor(file.stats.mtimeMs).toString(16)}"`;
    await sendStream(req, res, file, { ...base, etag, 'accept-ranges': 'bytes' }, options);
  }
}

async function sendBuffer(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  base: OutgoingHttpHeaders,
  options: SendFileOptions,
): Promise<void> {
  if (options.status === 200 && isNotModified(req, base)) return notModified(res, base, options);
  const encoding =
    body.length >= MIN_COMPRESS_BYTES ? chooseEncoding(req.headers['accept-encoding']) : null;
  const payload =
    encoding === 'br'
      ? await brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? await gzipAsync(body)
        : body;
  res.writeHead(options.status, {
    ...base,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    ...options.headers,
    'content-length': payload.length,
  });
  res.end(req.method === 'HEAD' ? undefined : payload);
}

async function sendStream(
  req: IncomingMessage,
  res: ServerResponse,
  file: ResolvedFile,
  base: OutgoingHttpHeaders,
  options: SendFileOptions,
): Promise<void> {
  const { size } = file.stats;
  if (options.status === 200 && isNotModified(req, base)) return notModified(res, base, options);
  const range = options.status === 200 ? parseRange(req.headers.range, size) : null;
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...options.headers, 'content-range': `bytes */${size}` });
    res.end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  res.writeHead(range ? 206 : options.status, {
    ...base,
    ...options.headers,
    ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    'content-length': Math.max(0, end - start + 1),
  });
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  try {
    await pipeline(createReadStream(file.filePath, { start, end }), res);
  } catch (error) {
    // A client that hangs up mid-download is not a server error.
    if (!res.destroyed && !req.destroyed) throw error;
  }
}

function notModified(
  res: ServerResponse,
  base: OutgoingHttpHeaders,
  options: SendFileOptions,
): void {
  const { 'content-type': _contentType, ...validators } = base;
  res.writeHead(304, { ...validators, ...options.headers });
  res.end();
}

/** RFC 9110 §13.1: If-None-Match wins; If-Modified-Since only when it is absent. */
function isNotModified(req: IncomingMessage, base: OutgoingHttpHeaders): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const etag = weakTag(String(base.etag));
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weakTag(tag.trim()) === etag);
  }
  const ifModifiedSince = req.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  const modified = Date.parse(String(base['last-modified']));
  return !Number.isNaN(since) && modified <= since;
}

function weakTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/** br if accepted, else gzip if accepted (q=0 means "not accepted"). */
function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** A single `bytes=` range; multi-range or malformed headers are ignored (full body). */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  let start: number;
  let end: number;
  if (first === '') {
    // Suffix range: the last N bytes.
    start = Math.max(0, size - Number(last));
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
