// The `_headers` file the build writes into the output; Netlify reads it with each deploy, beside
// netlify.toml's rules, and `npm start` reads it too. Hashed assets are cached for a year, each by
// a rule of its own: a header rule applies to whatever answers at its path, a 404 included (Netlify
// cannot make a rule depend on the status), so one rule for `/assets/*` would cache a missing file
// for a year, and a browser or CDN that asked for it once (before a deploy, after a rollback) would
// not ask again. A path no rule names keeps Netlify's default, `public, max-age=0, must-revalidate`.
import { isPreviewContext, previewHeaders } from './deploy-context.ts';

/** The file Netlify reads header rules from, in the publish folder. */
export const HEADERS_FILE = '_headers';

/** What a content-hashed asset is sent with: its name changes whenever its contents do. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The file's text: one rule per asset (output paths, "assets/site-ABC123.css"), then a preview's noindex. */
export function headersFile(assets: readonly string[], deployContext: string | undefined): string {
  const rules = assets.flatMap((asset) => [`/${asset}`, `  Cache-Control: ${IMMUTABLE}`]);
  const head =
    '# Written by the build: each hashed asset is cached for a year; a missing one never is (src/generator/emit/headers-file.ts).';
  return [
    head,
    ...rules,
    '',
    ...(isPreviewContext(deployContext) ? [previewHeaders(deployContext!)] : []),
  ].join('\n');
}
