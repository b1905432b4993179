// The front matter's YAML read quickly: js-yaml (gray-matter's own engine), with a schema that
// resolves plain scalars exactly as the `yaml` package's YAML 1.2 core schema does (the same
// patterns and conversions, copied from it), so dates, "0123" or "1:30" stay what `yaml` makes of
// them. The `yaml` package, slower, is used only where line numbers or an error are needed
// (read-entry.ts); a test checks that both give the same data for all real content and fixtures.
import jsYaml from 'js-yaml';

/** One implicit type a tag (js-yaml keeps only the last of a tag): the first form whose pattern matches wins. */
const scalar = (tag: string, forms: [test: RegExp, construct: (text: string) => unknown][]) =>
  new jsYaml.Type(tag, {
    kind: 'scalar',
    resolve: (text: string | null) => forms.some(([test]) => test.test(text ?? '')),
    construct: (text: string | null) => forms.find(([test]) => test.test(text ?? ''))![1](text ?? ''),
  });

const CORE_TYPES = [
  scalar('tag:yaml.org,2002:null', [[/^(?:~|[Nn]ull|NULL)?$/, () => null]]),
  scalar('tag:yaml.org,2002:bool', [[/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === 't' || text[0] === 'T']]),
  scalar('tag:yaml.org,2002:int', [
    [/^0o[0-7]+$/, (text) => parseInt(text.slice(2), 8)],
    [/^[-+]?[0-9]+$/, (text) => (text[0] === '-' ? -1 : 1) * parseInt(text.replace(/^[-+]/, ''), 10)],
    [/^0x[0-9a-fA-F]+$/, (text) => parseInt(text.slice(2), 16)],
  ]),
  scalar('tag:yaml.org,2002:float', [
    [/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/, (text) => (text.slice(-3).toLowerCase() === 'nan' ? Number.NaN : text[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY)],
    [/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, (text) => parseFloat(text)],
    [/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, (text) => parseFloat(text)],
  ]),
];

const CORE_SCHEMA = new jsYaml.Schema({ include: [jsYaml.FAILSAFE_SCHEMA], implicit: CORE_TYPES });

/** Thrown for text left to `yaml`. */
class LeftToYaml extends Error {}

/**
 * The data of a front matter, or a thrown error for anything js-yaml rejects (the caller asks
 * `yaml` why). Text with a tab is left to `yaml` too: js-yaml accepts tabs in some indentation
 * that YAML 1.2, and `yaml`, reject.
 */
export function parseFrontMatterFast(text: string): unknown {
  if (text.includes('\t')) throw new LeftToYaml();
  return jsYaml.load(text, { schema: CORE_SCHEMA });
}
