// Finding the file line of a front-matter field, with the `yaml` package (which keeps every node's
// position). Apart from the reader (read-entry.ts), so that the block builder's browser code can
// point at fields of the file it exports without bundling gray-matter and js-yaml.
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';

/** Finds file lines of front-matter fields. */
export interface FrontMatterLines {
  /** Finds the file line of a front-matter field path (its key); the nearest existing parent when the field is absent. */
  lineOf(path: readonly PropertyKey[]): number;
  /** The file line on which a text field's value starts: the line after "key: |" for a block of text. */
  textLineOf(path: readonly PropertyKey[]): number;
}

/** gray-matter hands the engine the text from the end of the opening "---" line, so YAML lines are file lines. */
export const FRONT_MATTER_OFFSET = 0;

export const parseYaml = (text: string, lineCounter?: LineCounter) =>
  parseDocument(text.replace(/\r$/, ''), { lineCounter, prettyErrors: true, uniqueKeys: true });

/** Line lookups in a front matter's YAML text, parsed with positions on the first lookup. */
export function frontMatterLines(yamlText: string): FrontMatterLines {
  let parsed: { doc: Document; lineCounter: LineCounter } | undefined;
  const docOf = () => {
    if (!parsed) {
      const lineCounter = new LineCounter();
      parsed = { doc: parseYaml(yamlText, lineCounter), lineCounter };
    }
    return parsed;
  };
  const lineAt = (offset: number) => docOf().lineCounter.linePos(offset).line + FRONT_MATTER_OFFSET;
  const lineOf = (path: readonly PropertyKey[]): number => {
    const { doc } = docOf();
    for (let depth = path.length; depth >= 0; depth--) {
      const fieldPath = path.slice(0, depth) as unknown[];
      // A field's line is its key's line, not the line of the first item of its value.
      const parent =
        depth === 0
          ? undefined
          : depth === 1
            ? doc.contents
            : doc.getIn(fieldPath.slice(0, -1), true);
      if (isMap(parent)) {
        const pair = parent.items.find(
          (item) => isScalar(item.key) && item.key.value === fieldPath.at(-1),
        );
        const keyRange = pair && isScalar(pair.key) ? pair.key.range : undefined;
        if (keyRange) return lineAt(keyRange[0]);
      }
      const node = depth === 0 ? doc.contents : doc.getIn(fieldPath, true);
      const range = (node as { range?: [number, number, number] } | undefined)?.range;
      if (range) return lineAt(range[0]);
    }
    return 1;
  };
  const textLineOf = (path: readonly PropertyKey[]): number => {
    const node = docOf().doc.getIn(path as unknown[], true);
    if (!isScalar(node) || !node.range) return lineOf(path);
    const block = node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED';
    return lineAt(node.range[0]) + (block ? 1 : 0);
  };
  return { lineOf, textLineOf };
}
