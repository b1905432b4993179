// A service's icon is drawn inside the page: plain shapes only, nothing that could fetch, run or
// reference anything, and the text for people dropped (the icon is decorative).
import { readdirSync, readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IconDrawing } from '../../../../src/kernel/components/IconDrawing.tsx';
import { iconDrawingOf } from '../../../../src/kernel/images/icon-drawing.ts';

const ICONS = 'public/images/icons';
const svg = (inner: string, root = 'viewBox="0 0 48 48"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" ${root}>${inner}</svg>`;

describe('iconDrawingOf', () => {
  it('draws every icon the site has', () => {
    const files = readdirSync(ICONS).filter((file) => file.endsWith('.svg'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files)
      expect(iconDrawingOf(readFileSync(`${ICONS}/${file}`, 'utf8')), file).toHaveProperty(
        'drawing',
      );
  });

  it('keeps the shapes and their geometry and paint, and drops the title, ids and the root’s size and role', () => {
    const result = iconDrawingOf(
      '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" role="img" aria-labelledby="t"><title id="t">Deep cleaning</title>' +
        '<!-- a comment --><g id="g1" fill="none" stroke="#0f5e63" stroke-width="2.5"><rect x="8" y="20" width="32" height="10" rx="4"/><circle cx="24" cy="24" r="3"/></g></svg>',
    );
    expect(result).toEqual({
      drawing: {
        name: 'svg',
        attributes: { viewBox: '0 0 48 48' },
        children: [
          {
            name: 'g',
            attributes: { fill: 'none', stroke: '#0f5e63', 'stroke-width': '2.5' },
            children: [
              {
                name: 'rect',
                attributes: { x: '8', y: '20', width: '32', height: '10', rx: '4' },
                children: [],
              },
              { name: 'circle', attributes: { cx: '24', cy: '24', r: '3' }, children: [] },
            ],
          },
        ],
      },
    });
  });

  it.each([
    ['<script>alert(1)</script>', '<script>'],
    ['<use href="#a"/>', '<use>'],
    ['<image href="https://example.com/x.png"/>', '<image>'],
    ['<foreignObject><div>x</div></foreignObject>', '<foreignObject>'],
    ['<a href="https://example.com"><path d="M0 0"/></a>', '<a>'],
    ['<style>path{fill:red}</style>', '<style>'],
    ['<defs><linearGradient id="a"/></defs>', '<defs>'],
    ['<text x="0" y="10">Ardent</text>', '<text>'],
    ['<path d="M0 0" onload="alert(1)"/>', 'the attribute onload on <path>'],
    ['<path d="M0 0" style="fill:url(https://example.com/x)"/>', 'the attribute style on <path>'],
    ['<g><path d="M0 0" href="#x"/></g>', 'the attribute href on <path>'],
    ['Loose text', 'text directly in <svg>'],
  ])('refuses %s, naming %s', (inner, named) => {
    expect(iconDrawingOf(svg(inner))).toEqual({ unsupported: named });
  });

  it('refuses an <svg> with an event handler, or without a viewBox to scale it by', () => {
    expect(iconDrawingOf(svg('<path d="M0 0"/>', 'viewBox="0 0 48 48" onload="alert(1)"'))).toEqual(
      { unsupported: 'the attribute onload on <svg>' },
    );
    expect(iconDrawingOf(svg('<path d="M0 0"/>', 'width="48"'))).toEqual({
      unsupported: 'no viewBox attribute on <svg>',
    });
    expect(iconDrawingOf('<p>not an icon</p>')).toEqual({ unsupported: 'no <svg> element' });
  });
});

describe('IconDrawing', () => {
  it('renders the drawing as a decorative <svg> at the card’s size, with SVG’s attribute names', () => {
    const result = iconDrawingOf(readFileSync(`${ICONS}/deep-cleaning-services.svg`, 'utf8'));
    if (!('drawing' in result)) throw new Error(result.unsupported);
    const html = renderToStaticMarkup(
      createElement(IconDrawing, { drawing: result.drawing, className: 'card-icon', size: 48 }),
    );
    expect(html).toMatch(
      /^<svg viewBox="0 0 48 48" class="card-icon" width="48" height="48" aria-hidden="true"><g fill="none" stroke="#0f5e63" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"><rect /,
    );
    expect(html).not.toContain('title');
  });
});
