// The printed report of a Lighthouse run: a table of the pages' scores, and a line on the runs.
import { LIGHTHOUSE_PAGES, type LighthousePage } from './lighthouse-pages.ts';
import { CATEGORIES, type PageScores } from './lighthouse-score.ts';

/** How many Lighthouse runs a page took: its simulated runs and any DevTools-throttled TBT checks. */
export const runsOf = (row: PageScores) =>
  (row.runTbts?.length ?? 1) + (row.devtoolsTbts?.length ?? 0);

/** One line on the runs: one per page unless a page failed and was run again. */
export function formatRuns(rows: readonly PageScores[]): string {
  const total = rows.reduce((sum, row) => sum + runsOf(row), 0);
  const again = rows.filter((row) => runsOf(row) > 1);
  return `Runs: ${total} for ${rows.length} pages${again.length ? `; run again after a miss: ${again.map((row) => `${row.path} (${runsOf(row)})`).join(', ')}` : ', one each'}`;
}

/** The printed table: one row per page, scores ×100 as Lighthouse shows them; * marks a score lowered by design. */
export function formatTable(
  rows: readonly PageScores[],
  pages: readonly LighthousePage[] = LIGHTHOUSE_PAGES,
): string {
  const header = [
    'page',
    'path',
    'perf',
    'a11y',
    'bp',
    'seo',
    'LCP',
    'CLS',
    'TBT',
    'CPU',
    'result',
  ];
  const lines = rows.map((row) => [
    row.kind,
    row.path,
    ...CATEGORIES.map((category) =>
      row.scores[category] === null
        ? '-'
        : `${Math.round(row.scores[category] * 100)}${row.exempted[category] ? '*' : ''}`,
    ),
    `${(row.lcpMs / 1000).toFixed(2)} s`,
    row.cls.toFixed(3),
    `${Math.round(row.tbtMs)} ms`,
    Number.isNaN(row.benchmark) ? '-' : String(Math.round(row.benchmark)),
    `${row.failures.length ? 'FAIL' : 'pass'}${row.runTbts ? ` (${row.runTbts.length} runs${row.busyRuns ? `, ${row.busyRuns} on a busy machine` : ''}; TBT ${row.runTbts.map(Math.round).join(', ')} ms${row.devtoolsTbts ? `; DevTools-throttled TBT ${row.devtoolsTbts.map(Math.round).join(', ')} ms` : ''})` : ''}`,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i]!.length)),
  );
  const format = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  const notes = rows.flatMap((row) =>
    Object.entries(row.exempted).flatMap(([category, audits]) =>
      audits.map(
        (id) =>
          `  * ${row.kind} ${category}: ${id} fails by design: ${pages.find((page) => page.path === row.path)?.expectedFailures?.find((entry) => entry.audit === id)?.why ?? ''}`,
      ),
    ),
  );
  const legend = [
    "  CPU: Lighthouse's benchmarkIndex of this machine during the judged run (a busy machine scores lower, and its timings run long)",
    ...(rows.some((row) => row.devtoolsTbts)
      ? [
          '  DevTools-throttled: the simulated runs missed on TBT alone, so the page was run with a real 4× CPU slowdown and judged on that TBT (docs/quality.md)',
        ]
      : []),
  ];
  return [
    format(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...lines.map(format),
    ...legend,
    ...notes,
  ].join('\n');
}
