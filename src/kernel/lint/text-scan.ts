/**
 * The text rules (placeholders, British spelling) read what a visitor reads: each page's title and
 * meta description, the visible text of its body, and the alt text of its images. A hit in the body
 * is traced back to the content file and line it was written on.
 */
import type { ContentProblem, ProblemCode } from '../errors/problems.ts';
import type { LintContext, LintedPage, RuleResult } from './context.ts';
import { findElements, isTag, visibleText } from './html.ts';
import { textPattern, type SourceLocation } from './sources.ts';

interface PageText {
  /** With addresses and the reserved placeholders blanked (maskReserved). */
  text: string;
  /** The front-matter field the text is, when it is one. */
  field?: 'title' | 'description';
}

const textsOf = new WeakMap<LintedPage, PageText[]>();

/** The text of a page that the text rules read. The error pages' description is their message, read in the body. */
function pageTexts(page: LintedPage): PageText[] {
  let texts = textsOf.get(page);
  if (!texts) textsOf.set(page, (texts = readTexts(page)));
  return texts;
}

function readTexts(page: LintedPage): PageText[] {
  const alts = findElements(page.document.body, isTag('img'))
    .map((image) => image.getAttribute('alt') ?? '')
    .filter(Boolean);
  const texts: PageText[] = [
    { text: page.title, field: 'title' },
    ...(page.page ? [{ text: page.description, field: 'description' as const }] : []),
    { text: visibleText(page.document.body) },
    ...alts.map((text) => ({ text })),
  ];
  return texts.map((item) => ({ ...item, text: maskReserved(item.text) }));
}

/**
 * Blanks what is not prose and must not be read as words: addresses (URLs, email addresses, the
 * reserved ".example" domains) and the drama-range phone numbers, which are the business profile's
 * documented stand-ins until launch (docs/deploying.md, "Before launch").
 */
export function maskReserved(text: string): string {
  const blank = (match: string) => ' '.repeat(match.length);
  return text
    .replace(/\b(?:https?|mailto|tel):[^\s]+/gi, blank)
    .replace(/[^\s@]+@[^\s@]+/g, blank)
    .replace(/(?:[\w-]+\.)+example(?![\w-])(?:\/[^\s]*)?/gi, blank)
    .replace(/\bexample\.(?:com|net|org)\b(?:\/[^\s]*)?/gi, blank)
    .replace(/(?:\+44\s?\(?0?\)?\s?|\b0)1632\s?960\s?\d{3}\b/g, blank);
}

export interface TextHit {
  /** The text as found, e.g. "Colors". */
  found: string;
  code: ProblemCode;
  message: string;
  /** How to find the hit in a source file; by default its words, as whole words. */
  source?: RegExp;
}

/**
 * Runs `find` over every page's text; reports each hit once per source line, at the line it was
 * written on (the page's own file first, then the other content files; else the page's first line,
 * saying so).
 */
export function scanText(context: LintContext, find: (text: string) => TextHit[]): RuleResult {
  const problems: ContentProblem[] = [];
  const seen = new Set<string>();
  const report = (hit: TextHit, where: SourceLocation & { field?: string }) => {
    const key = `${hit.code}|${where.file}|${where.line}|${where.field ?? ''}|${hit.found.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push({ code: hit.code, ...where, message: hit.message });
  };
  for (const page of context.pages) {
    for (const { text, field } of pageTexts(page)) {
      for (const hit of find(text)) {
        if (field) {
          report(hit, { file: page.file, line: page.entry.lineOf([field]), field });
          continue;
        }
        const pattern = hit.source ?? textPattern(hit.found);
        const found = pattern ? context.sources.locate(pattern, [page.file]) : [];
        // Not in any content file: the text comes from a template (src/kernel/components/, templates/).
        if (found.length === 0)
          report(
            {
              ...hit,
              message: `${hit.message} (Not found in the content files: it may be template text.)`,
            },
            { file: page.file, line: 1 },
          );
        for (const where of found) report(hit, where);
      }
    }
  }
  return { checked: context.pages.length, problems };
}
