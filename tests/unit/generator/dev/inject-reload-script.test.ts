import { describe, expect, it } from 'vitest';
import {
  injectReloadScript,
  RELOAD_SCRIPT_TAG,
} from '../../../../src/generator/dev/inject-reload-script.ts';

const count = (html: string) => html.split(RELOAD_SCRIPT_TAG).length - 1;

describe('injectReloadScript', () => {
  it("is an external same-origin module script (allowed by script-src 'self')", () => {
    expect(RELOAD_SCRIPT_TAG).toBe('<script type="module" src="/__dev/reload.js"></script>');
  });

  it('puts the tag just before </head>', () => {
    const html =
      '<!doctype html><html><head><title>T</title></head><body><h1>Hi</h1></body></html>';
    expect(injectReloadScript(html)).toBe(
      `<!doctype html><html><head><title>T</title>${RELOAD_SCRIPT_TAG}</head><body><h1>Hi</h1></body></html>`,
    );
  });

  it('adds it once, even when applied again', () => {
    const html = '<html><head></head><body></body></html>';
    const once = injectReloadScript(html);
    expect(count(once)).toBe(1);
    expect(injectReloadScript(once)).toBe(once);
  });

  it('uses the first </head> only, and matches any case', () => {
    const html = '<HTML><HEAD><title>x</title></HEAD><body><pre>&lt;/head&gt;</pre></body></HTML>';
    const result = injectReloadScript(html);
    expect(count(result)).toBe(1);
    expect(result).toContain(`${RELOAD_SCRIPT_TAG}</HEAD>`);
  });

  it('falls back to before </body> when there is no </head>', () => {
    const html = '<!doctype html><title>T</title><body><p>x</p></body>';
    expect(injectReloadScript(html)).toBe(
      `<!doctype html><title>T</title><body><p>x</p>${RELOAD_SCRIPT_TAG}</body>`,
    );
  });

  it('appends it to documents with neither', () => {
    expect(injectReloadScript('<h1>Bare</h1>')).toBe(`<h1>Bare</h1>${RELOAD_SCRIPT_TAG}`);
  });
});
