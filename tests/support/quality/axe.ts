// Gate 1 (issue 5): axe-core through @axe-core/playwright, with the WCAG 2.0, 2.1 and 2.2 A and AA rules.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The violations on the page (or only inside `include`, a CSS selector), one line each:
 * rule, impact, what it asks, and the first few elements.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // Only violations are reported in detail: passes and incomplete results cost time and are unused.
  // Legacy mode runs axe.run in the page itself instead of runPartial plus finishRun in an extra
  // blank page: the same results for pages without frames (the site has none), in half the time.
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).options({ resultTypes: ['violations'] }).setLegacyMode();
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((violation) => {
    const targets = violation.nodes.slice(0, 4).map((node) => node.target.join(' ')).join(' | ');
    const more = violation.nodes.length > 4 ? ` (+${violation.nodes.length - 4} more)` : '';
    return `${violation.id} [${violation.impact}] ${violation.help}: ${targets}${more}`;
  });
}
