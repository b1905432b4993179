/**
 * The three reports of `npm run check -- --format <format>`, all made from the same problems:
 * - `text`: formatProblems (problems.ts), the report an editor reads in a terminal;
 * - `json`: one object per problem (problemRecordSchema), for other programs;
 * - `github`: one GitHub Actions workflow command per problem, which GitHub shows as an annotation
 *   on the line of the pull request's diff that it names.
 * Every format lists every problem of the run, in the same order (compareProblems).
 */
import { z } from 'zod';
import {
  CATALOGUE,
  compareProblems,
  formatProblems,
  PROBLEM_SOURCES,
  severityOf,
  sourceOf,
  type ContentProblem,
  type ProblemCode,
} from './problems.ts';

export const REPORT_FORMATS = ['text', 'json', 'github'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** `--format` when given, else `github` inside GitHub Actions (GITHUB_ACTIONS=true), else `text`; undefined for an unknown name. */
export function reportFormatOf(
  option: string | undefined,
  env: Record<string, string | undefined>,
): ReportFormat | undefined {
  const name = option ?? (env.GITHUB_ACTIONS === 'true' ? 'github' : 'text');
  return (REPORT_FORMATS as readonly string[]).includes(name) ? (name as ReportFormat) : undefined;
}

/** One problem of the JSON report. `line`, `column` and `field` are left out where not known. */
export const problemRecordSchema = z.strictObject({
  file: z.string(),
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
  field: z.string().optional(),
  code: z.enum(Object.keys(CATALOGUE) as [ProblemCode, ...ProblemCode[]]),
  source: z.enum(PROBLEM_SOURCES),
  severity: z.enum(['error', 'warning', 'notice']),
  title: z.string(),
  message: z.string(),
  hint: z.string(),
});
export type ProblemRecord = z.infer<typeof problemRecordSchema>;

export function problemRecord(problem: ContentProblem): ProblemRecord {
  const { title, hint } = CATALOGUE[problem.code];
  return {
    file: problem.file,
    ...(problem.line !== undefined && { line: problem.line }),
    ...(problem.column !== undefined && { column: problem.column }),
    ...(problem.field !== undefined && { field: problem.field }),
    code: problem.code,
    source: sourceOf(problem),
    severity: severityOf(problem),
    title,
    message: problem.message,
    hint,
  };
}

/** The problems as the JSON report lists them: records, in the report's order (the publish function's 422 answers them too). */
export function problemRecords(problems: readonly ContentProblem[]): ProblemRecord[] {
  return sorted(problems).map(problemRecord);
}

/** A JSON array of problem records; `[]` when there is none. */
export function formatJson(problems: readonly ContentProblem[]): string {
  return JSON.stringify(problemRecords(problems), null, 2);
}

// GitHub's workflow commands are lines `::<command> <name>=<value>,…::<data>`. The data escapes
// `%`, CR and LF; property values also escape `:` and `,`, which would end them (GitHub's "Workflow
// commands for GitHub Actions", and `escapeData`/`escapeProperty` in actions/toolkit's core/src/command.ts).
export const escapeData = (text: string) =>
  text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
export const escapeProperty = (text: string) =>
  escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');

/** Between the message and the hint in an annotation; no hint contains it (checked by a test). */
export const HINT_SEPARATOR = ' — ';

/** A field path as the annotation shows it before the message: as it is when it is a plain path like "areaServed.0", else quoted, so it cannot be read as part of the message. */
export const fieldLabel = (field: string) =>
  /^[\w$-]+(?:\.[\w$-]+)*$/.test(field) ? field : JSON.stringify(field);

/** `::error file=<path>,line=<n>,col=<n>,title=<title> [<code>]::<field>: <message> — <hint>`, `::warning` for the lint. */
export function githubCommand(problem: ContentProblem): string {
  const { title, hint } = CATALOGUE[problem.code];
  const properties: [string, string | number | undefined][] = [
    ['file', problem.file],
    ['line', problem.line],
    ['col', problem.column],
    ['title', `${title} [${problem.code}]`],
  ];
  const shown = properties
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${escapeProperty(String(value))}`);
  const field = problem.field === undefined ? '' : `${fieldLabel(problem.field)}: `;
  return `::${severityOf(problem)} ${shown.join(',')}::${escapeData(`${field}${problem.message}${HINT_SEPARATOR}${hint}`)}`;
}

/** One workflow command per problem, a line each; empty when there is none. */
export function formatGithub(problems: readonly ContentProblem[]): string {
  return sorted(problems).map(githubCommand).join('\n');
}

export function formatReport(format: ReportFormat, problems: readonly ContentProblem[]): string {
  if (format === 'json') return formatJson(problems);
  if (format === 'github') return formatGithub(problems);
  return problems.length === 0 ? '' : formatProblems(problems);
}

const sorted = (problems: readonly ContentProblem[]) => [...problems].sort(compareProblems);
