// JSON-LD as the script element carries it: JSON that parses back to the data, with nothing in it
// that could end the element or start a comment, whatever the content says.
import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from '../../../../../src/kernel/render/structured-data/serialize.ts';

const attack = '</script><script>alert(1)</script>';

describe('serializeJsonLd', () => {
  it('round-trips through JSON.parse', () => {
    const data = {
      name: attack,
      list: [1, 'two', null, true],
      nested: { quote: '"', backslash: '\\', unicode: 'café – ££' },
    };
    expect(JSON.parse(serializeJsonLd(data))).toEqual(data);
  });

  it('writes no "<", ">" or "&" characters, so no value can end the script element or start a comment', () => {
    const json = serializeJsonLd({ a: '</script><!-- <script>', b: 'x > y && z' });
    expect(json).not.toMatch(/[<>&]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(json).toContain('\\u0026\\u0026');
  });

  it('escapes the line and paragraph separators', () => {
    const json = serializeJsonLd({ text: 'a\u2028b\u2029c' });
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(json).toContain('\\u2028');
    expect(json).toContain('\\u2029');
    expect(JSON.parse(json)).toEqual({ text: 'a\u2028b\u2029c' });
  });

  it('leaves ordinary JSON as JSON.stringify writes it', () => {
    const data = { '@context': 'https://schema.org', '@type': 'Thing', name: 'Plain' };
    expect(serializeJsonLd(data)).toBe(JSON.stringify(data));
  });
});
