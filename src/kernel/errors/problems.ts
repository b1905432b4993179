/**
 * Problems the people who can fix them see: every problem names its file, line and field, says
 * what is wrong, and the catalogue (catalogue.ts) gives its title, hint and source.
 */
import { CATALOGUE, type ProblemCode, type ProblemSource } from './catalogue.ts';

export {
  CATALOGUE,
  PROBLEM_SOURCES,
  type CatalogueEntry,
  type ProblemCode,
  type ProblemSource,
} from './catalogue.ts';

export interface ContentProblem {
  code: ProblemCode;
  /** Path relative to the project root, for example "content/services/oven-cleaning-services.md". */
  file: string;
  /** 1-based line in the file, when known. */
  line?: number;
  /** 1-based column, when known. */
  column?: number;
  /** The field path in the front matter, for example "areaServed.2". */
  field?: string;
  message: string;
}

/** A value as a message quotes it: its first 40 characters, so that a long one (a data: address) does not fill the report. */
export const excerpt = (text: string, max = 40) =>
  text.length > max ? `${text.slice(0, max)}…` : text;

export const sourceOf = (problem: Pick<ContentProblem, 'code'>): ProblemSource =>
  CATALOGUE[problem.code].source;

/**
 * How a problem is annotated on a pull request (`npm run check -- --format github`): the content
 * lint's rules are `warning`s, since the site still builds with them (a deploy preview shows the
 * page), while everything else stops the build and is an `error`. Either fails `npm run check`.
 */
/** An error stops the build; a warning (the lint) fails `npm run check` but not the build; a notice fails nothing. */
export type ProblemSeverity = 'error' | 'warning' | 'notice';
export const severityOf = (problem: Pick<ContentProblem, 'code'>): ProblemSeverity => {
  const entry: { source: string; severity?: ProblemSeverity } = CATALOGUE[problem.code];
  return entry.severity ?? (entry.source === 'lint' ? 'warning' : 'error');
};

const ERROR_TYPE = 'ContentError';

/**
 * Thrown by the stages with every problem of the build, never just the first: content, images,
 * the lint and the size budgets alike. `ContentError.is` also recognises one made by another copy
 * of the generator (a worker thread's, or the dev server's freshly bundled one).
 */
export class ContentError extends Error {
  readonly type = ERROR_TYPE;
  readonly problems: readonly ContentProblem[];
  constructor(problems: readonly ContentProblem[], options?: ErrorOptions) {
    super(
      `${problems.length} ${problems.every((p) => sourceOf(p) === 'budget') ? 'budget' : 'content'} problem${problems.length === 1 ? '' : 's'}`,
      options,
    );
    this.name = 'ContentError';
    this.problems = problems;
  }

  static is(error: unknown): error is ContentError {
    return (
      typeof error === 'object' &&
      error !== null &&
      (error as { type?: unknown }).type === ERROR_TYPE &&
      Array.isArray((error as { problems?: unknown }).problems)
    );
  }
}

/** Throws a ContentError when there is any problem. */
export function throwIfProblems(problems: readonly ContentProblem[]): void {
  if (problems.length > 0) throw new ContentError(problems);
}

/** The heading of a report: what was being checked. */
function checkName(problems: readonly ContentProblem[]): string {
  const sources = new Set(problems.map(sourceOf));
  if (sources.size === 1 && sources.has('budget')) return 'Size budget check';
  if (sources.size === 1 && sources.has('page')) return 'Page check';
  if (sources.has('page')) return 'Content and page check';
  return sources.has('budget') ? 'Build check' : 'Content check';
}

/**
 * The report an editor reads: problems grouped by file, in file and line order,
 * one "field: message" line each, followed by the hint for that kind of problem.
 */
export function formatProblems(problems: readonly ContentProblem[]): string {
  const byFile = new Map<string, ContentProblem[]>();
  for (const problem of [...problems].sort(compareProblems)) {
    const list = byFile.get(problem.file) ?? [];
    list.push(problem);
    byFile.set(problem.file, list);
  }
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  // Notices fail nothing (a file not in the canonical format, say), so they are counted apart.
  const failing = problems.filter((problem) => severityOf(problem) !== 'notice');
  const notices = problems.length - failing.length;
  const summary =
    failing.length === 0
      ? `passed with notices: ${plural(notices, 'notice')} in ${plural(byFile.size, 'file')}.`
      : `failed: ${plural(failing.length, 'problem')} in ${plural(new Set(failing.map((problem) => problem.file)).size, 'file')}${notices ? `, and ${plural(notices, 'notice')}` : ''}.`;
  const lines = [`${checkName(problems)} ${summary}`];
  for (const [file, list] of byFile) {
    lines.push('');
    for (const problem of list) {
      const where = problem.line ? `${file}:${problem.line}` : file;
      const entry = CATALOGUE[problem.code];
      lines.push(`${where}  ${entry.title} [${problem.code}]`);
      lines.push(`  ${problem.field ? `${problem.field}: ` : ''}${problem.message}`);
      lines.push(`  hint: ${entry.hint}`);
    }
  }
  return lines.join('\n');
}

export function compareProblems(a: ContentProblem, b: ContentProblem): number {
  return (
    a.file.localeCompare(b.file) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    a.message.localeCompare(b.message)
  );
}
