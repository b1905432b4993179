/** Where the dev server serves the live-reload client and its event stream. */
export const RELOAD_SCRIPT_PATH = '/__dev/reload.js';
export const EVENTS_PATH = '/__dev/events';

/**
 * An external, same-origin module script: allowed by the site's CSP
 * (script-src 'self'), unlike an inline script. Module scripts are deferred,
 * so it can sit in <head> without delaying the page.
 */
export const RELOAD_SCRIPT_TAG = `<script type="module" src="${RELOAD_SCRIPT_PATH}"></script>`;

/**
 * Adds the live-reload script tag to an HTML document: just before `</head>`,
 * else before `</body>`, else at the end. Does nothing if the tag is already there,
 * so applying it twice is harmless. (JSON-LD blocks escape "<", so the first
 * `</head>` in the text is the real end of the head.)
 */
export function injectReloadScript(html: string): string {
  if (html.includes(RELOAD_SCRIPT_TAG)) return html;
  for (const closing of [/<\/head\s*>/i, /<\/body\s*>/i]) {
    const match = closing.exec(html);
    if (match) return `${html.slice(0, match.index)}${RELOAD_SCRIPT_TAG}${html.slice(match.index)}`;
  }
  return `${html}${RELOAD_SCRIPT_TAG}`;
}
