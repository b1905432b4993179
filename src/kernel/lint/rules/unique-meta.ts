import type { ContentProblem } from '../../errors/problems.ts';
import { isRoute, type LintedPage, type LintRule, type PageMeta } from '../context.ts';

/** No two routes share a title or a meta description (compared ignoring case and spacing). */
export const uniqueMeta: LintRule = {
  id: 'unique-meta',
  summary: 'unique titles and descriptions',
  run({ pages, others = [] }) {
    const routes = pages.filter(isRoute);
    return {
      checked: routes.length,
      problems: [
        ...duplicates(routes, others, 'title'),
        ...duplicates(routes, others, 'description'),
      ],
    };
  },
};

function duplicates(
  pages: readonly LintedPage[],
  others: readonly PageMeta[],
  field: 'title' | 'description',
): ContentProblem[] {
  const groups = new Map<string, PageMeta[]>();
  for (const page of [...pages, ...others]) {
    const key = page[field].replace(/\s+/g, ' ').trim().toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), page]);
  }
  const problems: ContentProblem[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const page of group.filter((member): member is LintedPage =>
      pages.includes(member as LintedPage),
    )) {
      const sharers = group
        .filter((other) => other !== page)
        .map((other) => `${other.file} (${other.route})`);
      problems.push({
        code: field === 'title' ? 'duplicate-title' : 'duplicate-description',
        file: page.file,
        line: page.entry.lineOf([field]),
        field,
        message: `The same ${field} is used by ${sharers.join(', ')}: "${page[field]}".`,
      });
    }
  }
  return problems;
}
