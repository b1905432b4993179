// Deploy previews and branch deploys stay out of search engines. Netlify names the kind of deploy
// in its CONTEXT build variable (production, deploy-preview, branch-deploy, dev); netlify.toml's
// [[headers]] apply to every context alike (Netlify's "Custom headers" > Limitations), so for a
// deploy that is not production the build writes a `_headers` file into the output, which Netlify
// reads per deploy. Canonical links, the sitemap and JSON-LD name the production URL (`URL`) in
// every context, never the preview's DEPLOY_PRIME_URL.

/** The file Netlify reads header rules from, in the publish folder. */
export const HEADERS_FILE = '_headers';

/** Whether a deploy of this CONTEXT is kept out of search engines: any but production. A build outside Netlify (no CONTEXT) is not. */
export const isPreviewContext = (context: string | undefined): boolean => Boolean(context) && context !== 'production';

/** The `_headers` file of a preview: every response says "noindex". */
export function previewHeaders(context: string): string {
  return [`# Written by the build for this ${context} deploy (CONTEXT=${context}): keep it out of search engines.`, '/*', '  X-Robots-Tag: noindex', ''].join('\n');
}
