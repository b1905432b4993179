import type { ContentProblem } from '../../errors/problems.ts';
import { isRoute, type LintedPage, type LintRule } from '../context.ts';

/** No two routes share a title or a meta description (compared ignoring case and spacing). */
export const uniqueMeta: LintRule = {
  id: 'unique-meta',
  summary: 'unique titles and descriptions',
  run({ pages }) {
    const routes = pages.filter(isRoute);
    return {
      checked: routes.length,
      problems: [...duplicates(routes, 'title'), ...duplicates(routes, 'description')],
    };
  },
};

function duplicates(pages: readonly LintedPage[], field: 'title' | 'description'): ContentProblem[] {
  const groups = new Map<string, LintedPage[]>();
  for (const page of pages) {
    const key = page[field].replace(/\s+/g, ' ').trim().toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), page]);
  }
  const problems: ContentProblem[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const page of group) {
      const others = group.filter((other) => other !== page).map((other) => `${other.file} (${other.route})`);
      problems.push({
        code: field === 'title' ? 'duplicate-title' : 'duplicate-description',
        file: page.file,
        line: page.entry.lineOf([field]),
        field,
        message: `The same ${field} is used by ${others.join(', ')}: "${page[field]}".`,
      });
    }
  }
  return problems;
}
