// Gate 1: axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules, run in the page itself.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// axe-core's own script, put into each document once. @axe-core/playwright put the 550 KB script
// into the page again for every scan and took about seven times as long per scan (docs/decisions.md).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * The violations on the page (or only inside `include`, a CSS selector), one line each:
 * rule, impact, what it asks, and the first few elements.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Only violations are reported: passes and incomplete results cost time and are unused.
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };
  const violations = await page.evaluate(
    async ({ include, options }) => {
      const { axe } = window as unknown as { axe: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> } };
      const results = await axe.run(include ? { include: [[include]] } : document, options);
      return results.violations.map(({ id, impact, help, nodes }): Violation => ({ id, impact, help, targets: nodes.map((node) => node.target.join(' ')) }));
    },
    { include, options },
  );
  return violations.map((violation) => {
    const targets = violation.targets.slice(0, 4).join(' | ');
    const more = violation.targets.length > 4 ? ` (+${violation.targets.length - 4} more)` : '';
    return `${violation.id} [${violation.impact}] ${violation.help}: ${targets}${more}`;
  });
}
