// Deploy previews and branch deploys stay out of search engines. Netlify names the kind of deploy
// in its CONTEXT build variable (production, deploy-preview, branch-deploy, dev); netlify.toml's
// [[headers]] apply to every context alike (Netlify's "Custom headers" > Limitations), so for a
// deploy that is not production the `_headers` file the build writes into the output, which Netlify
// reads per deploy, says so too (headers-file.ts). Canonical links, the sitemap and JSON-LD name the production URL (`URL`) in
// every context, never the preview's DEPLOY_PRIME_URL.

/** Whether a deploy of this CONTEXT is kept out of search engines: any but production. A build outside Netlify (no CONTEXT) is not. */
export const isPreviewContext = (context: string | undefined): boolean =>
  Boolean(context) && context !== 'production';

/** The `_headers` rule of a preview: every response says "noindex". */
export function previewHeaders(context: string): string {
  return [
    `# Written by the build for this ${context} deploy (CONTEXT=${context}): keep it out of search engines.`,
    '/*',
    '  X-Robots-Tag: noindex',
    '',
  ].join('\n');
}
