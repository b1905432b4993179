// Content-Type by file extension. A small local table (instead of sirv's
// transitive `mrmime`) so the server depends only on packages in package.json,
// and so the types a static site actually ships are pinned and tested.
import { extname } from 'node:path';

const UTF8 = '; charset=utf-8';

const TYPES: Record<string, string> = {
  '.html': `text/html${UTF8}`,
  '.htm': `text/html${UTF8}`,
  '.css': `text/css${UTF8}`,
  '.js': `text/javascript${UTF8}`,
  '.mjs': `text/javascript${UTF8}`,
  '.map': `application/json${UTF8}`,
  '.json': `application/json${UTF8}`,
  '.webmanifest': `application/manifest+json${UTF8}`,
  '.xml': `application/xml${UTF8}`,
  '.rss': `application/rss+xml${UTF8}`,
  '.atom': `application/atom+xml${UTF8}`,
  '.txt': `text/plain${UTF8}`,
  '.md': `text/markdown${UTF8}`,
  '.csv': `text/csv${UTF8}`,
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.wasm': 'application/wasm',
};

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Content-Type header value for a file path (by extension, case-insensitive). */
export function contentTypeFor(filePath: string): string {
  return TYPES[extname(filePath).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}

/** Whether a response of this type is worth gzip/brotli (text-like formats only). */
export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|manifest\+json|xml|rss\+xml|atom\+xml|javascript|wasm)|image\/svg\+xml)/.test(
    contentType,
  );
}

export function isHtml(contentType: string): boolean {
  return contentType.startsWith('text/html');
}
