// Every rule of the content lint, in the order the summary lists them. Apart from lint-site.ts
// (which renders the whole site in Node), so the block builder runs the same rules in the browser.
import type { LintRule } from './context.ts';
import { altText } from './rules/alt-text.ts';
import { areaLinks } from './rules/area-links.ts';
import { britishSpelling } from './rules/british-spelling.ts';
import { descriptionLength } from './rules/description-length.ts';
import { headings } from './rules/headings.ts';
import { placeholders } from './rules/placeholders.ts';
import { titleLength } from './rules/title-length.ts';
import { uniqueMeta } from './rules/unique-meta.ts';
import { wordCount } from './rules/word-count.ts';

export const LINT_RULES: readonly LintRule[] = [
  titleLength,
  descriptionLength,
  uniqueMeta,
  headings,
  wordCount,
  placeholders,
  britishSpelling,
  areaLinks,
  altText,
];
