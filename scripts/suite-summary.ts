// What `npm test` leaves behind about its own run (test-results/summary.json): each step's time and
// counts, and each browser spec file's summed time. bench/code-suite.ts reads it in fresh clones to
// write bench/results/code-suite.md, so the suite's figures come from the run that made them.
import { z } from 'zod';

export const SUITE_SUMMARY_FILE = 'test-results/summary.json';

/** The steps that install and run Netlify's CLI (`npm test -- --platform`): timed apart from the target. */
export const PLATFORM_STEPS: readonly string[] = ['netlify cli', 'platform smoke'];

export const StepResultSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  seconds: z.number(),
  passed: z.number().optional(),
  failed: z.number().optional(),
});
export type StepResult = z.infer<typeof StepResultSchema>;

export const SuiteSummarySchema = z.object({
  /** `npm test`'s whole time, the platform steps included. */
  seconds: z.number(),
  passed: z.number(),
  failed: z.number(),
  steps: z.array(StepResultSchema),
  /** The browser tests' time by spec file, summed over the workers, largest first. */
  specFiles: z.array(z.object({ file: z.string(), seconds: z.number(), tests: z.number() })),
});
export type SuiteSummary = z.infer<typeof SuiteSummarySchema>;

/** A step's time, 0 when it did not run. */
export const stepSeconds = (summary: SuiteSummary, name: string): number =>
  summary.steps.find((step) => step.name === name)?.seconds ?? 0;

/** The time the target counts: `npm ci` and `npm test`, without the platform steps. */
export function targetSeconds(summary: SuiteSummary, npmCiSeconds: number): number {
  const platform = PLATFORM_STEPS.reduce((sum, name) => sum + stepSeconds(summary, name), 0);
  return npmCiSeconds + summary.seconds - platform;
}
