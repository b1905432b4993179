// The code suite's target counts `npm ci` and `npm test` but not the platform steps, which are
// timed apart; bench/code-suite.ts reads the summary `npm test` writes.
import { describe, expect, it } from 'vitest';
import { stepSeconds, SuiteSummarySchema, targetSeconds } from '../../../scripts/suite-summary.ts';

const summary = SuiteSummarySchema.parse({
  seconds: 522.8,
  passed: 1860,
  failed: 0,
  steps: [
    { name: 'typecheck', ok: true, seconds: 5.7 },
    { name: 'unit', ok: true, seconds: 90, passed: 1554, failed: 0 },
    { name: 'netlify cli', ok: true, seconds: 20.8 },
    { name: 'platform smoke', ok: true, seconds: 21.8, passed: 5, failed: 0 },
  ],
  specFiles: [{ file: 'routes.spec.ts', seconds: 110.3, tests: 44 }],
});

describe('the code suite summary', () => {
  it("adds npm ci's time to npm test's and leaves out Netlify's CLI and its smoke", () => {
    expect(targetSeconds(summary, 46)).toBeCloseTo(46 + 522.8 - 20.8 - 21.8, 6);
  });

  it('counts a step that did not run as no time', () => {
    const withoutPlatform = { ...summary, steps: summary.steps.slice(0, 2) };
    expect(stepSeconds(withoutPlatform, 'netlify cli')).toBe(0);
    expect(targetSeconds(withoutPlatform, 46)).toBeCloseTo(568.8, 6);
  });
});
