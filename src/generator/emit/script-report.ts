import { BUDGETS } from '../../kernel/wire/budgets.ts';
import { kb, type PageScriptWeight } from './script-weights.ts';

/**
 * The build report's JavaScript table: pages that load the same scripts share a row, so it stays
 * short however many pages there are; the largest first.
 */
export function scriptReport(weights: readonly PageScriptWeight[]): string[] {
  const rows = new Map<string, { weight: PageScriptWeight; paths: string[] }>();
  for (const page of weights) {
    const key = `${page.js.raw}/${page.js.gzip}/${page.files}/${page.budget}`;
    const row = rows.get(key) ?? { weight: page, paths: [] };
    row.paths.push(`/${page.path.replace(/(^|\/)index\.html$/, '')}`);
    rows.set(key, row);
  }
  const sorted = [...rows.values()].sort((a, b) => b.weight.js.gzip - a.weight.js.gzip);
  return [
    `JavaScript per page (gzipped, budget ${kb(BUDGETS.jsGzipPerPage)}, account pages ${kb(BUDGETS.jsGzipPerAccountPage)}, the admin page ${kb(BUDGETS.jsGzipPerAdminPage)}, block builder pages ${kb(BUDGETS.jsGzipPerBuilderPage)}; raw; files):`,
    ...sorted.map(({ weight, paths }) => {
      const shown =
        paths.length > 4
          ? `${paths.slice(0, 4).join(', ')} and ${paths.length - 4} more`
          : paths.join(', ');
      const account =
        (
          {
            jsGzipPerAccountPage: ' (account)',
            jsGzipPerAdminPage: ' (admin)',
            jsGzipPerBuilderPage: ' (builder)',
          } as Record<string, string>
        )[weight.budget] ?? '';
      return `  ${kb(weight.js.gzip).padStart(9)} ${kb(weight.js.raw).padStart(9)} ${String(weight.files).padStart(3)}  ${paths.length} page${paths.length === 1 ? '' : 's'}${account}: ${shown}`;
    }),
  ];
}
