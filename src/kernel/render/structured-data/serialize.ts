/**
 * JSON for a <script type="application/ld+json"> element. "<" is escaped so that no content
 * value (such as "</script>") can close the element early; U+2028/2029 and ">" and "&" too,
 * so the text is inert wherever it is pasted.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
