import type { LintReport } from './lint-site.ts';

/**
 * The table `npm run check` prints:
 *
 *   rule                pages  problems
 *   title-length           40         0
 *   …
 *   total                             3
 */
export function formatLintSummary(report: LintReport): string {
  const total = report.problems.length;
  const rows = report.rules.map((rule) => [
    rule.id,
    rule.summary,
    String(rule.checked),
    String(rule.problems),
  ]);
  const header = ['rule', 'checks', 'pages', 'problems'];
  const footer = ['total', '', '', String(total)];
  const table = [header, ...rows, footer];
  const widths = header.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column >= 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  const verdict =
    total === 0
      ? `Lint OK: ${report.pages} rendered pages pass ${report.rules.length} rules (${Math.round(report.milliseconds)} ms).`
      : `Lint found ${total} problem${total === 1 ? '' : 's'} on ${report.pages} rendered pages (${Math.round(report.milliseconds)} ms).`;
  return [verdict, ...table.map((row) => `  ${line(row)}`)].join('\n');
}
