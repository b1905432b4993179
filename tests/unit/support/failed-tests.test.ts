// The failed tests `npm test` names before its summary, from vitest's, Playwright's and the
// Lighthouse runner's JSON reports.
import type { JSONReport } from '@playwright/test/reporter';
import { describe, expect, it } from 'vitest';
import {
  failedInLighthouse,
  failedInPlaywright,
  failedInVitest,
  firstLine,
  formatFailed,
  type VitestReport,
} from '../../support/failed-tests.ts';

const ROOT = '/check/work/main';

const vitest: VitestReport = {
  testResults: [
    {
      name: `${ROOT}/tests/unit/functions/proposals/handler.test.ts`,
      status: 'failed',
      assertionResults: [
        { fullName: 'a good proposal is made', status: 'passed' },
        {
          fullName: 'media library photos proposes a page',
          status: 'failed',
          failureMessages: [
            '\u001b[31mAssertionError: expected 200 to be 201\u001b[39m\n    at handler.test.ts:409:24',
          ],
        },
      ],
    },
    // A file whose hook failed: no test failed, the file did.
    {
      name: `${ROOT}/tests/unit/scripts/serve.test.ts`,
      status: 'failed',
      message: '\nHook timed out in 60000ms.\nIf this is a long-running hook…',
      assertionResults: [{ fullName: 'serves', status: 'skipped' }],
    },
    { name: `${ROOT}/tests/unit/ok.test.ts`, status: 'passed', assertionResults: [] },
  ],
};

const playwright = {
  suites: [
    {
      title: 'admin-changes.spec.ts',
      file: 'admin-changes.spec.ts',
      specs: [
        {
          file: 'admin-changes.spec.ts',
          title: 'a change of two pages is published at its time',
          tests: [
            {
              status: 'unexpected',
              results: [
                {
                  duration: 1,
                  error: {
                    message:
                      'Error: Timed out 5000ms waiting for expect(locator).toHaveText(expected)\n…',
                  },
                },
              ],
            },
          ],
        },
        {
          file: 'admin-changes.spec.ts',
          title: 'passes',
          tests: [{ status: 'expected', results: [{ duration: 1 }] }],
        },
      ],
      suites: [
        {
          title: 'schedule',
          file: 'admin-changes.spec.ts',
          specs: [
            {
              file: 'admin-changes.spec.ts',
              title: 'moves the time',
              tests: [
                {
                  status: 'flaky',
                  results: [
                    { duration: 1, error: { message: 'Error: page closed' } },
                    { duration: 1 },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
} as unknown as JSONReport;

describe('the failed tests npm test names', () => {
  it('names each failed unit test by file and title, a file that failed without one by itself, with the first line of the error without colours', () => {
    expect(failedInVitest('unit', vitest, ROOT)).toEqual([
      {
        step: 'unit',
        name: 'tests/unit/functions/proposals/handler.test.ts › media library photos proposes a page',
        reason: 'AssertionError: expected 200 to be 201',
      },
      {
        step: 'unit',
        name: 'tests/unit/scripts/serve.test.ts',
        reason: 'Hook timed out in 60000ms.',
      },
    ]);
  });

  it('names browser tests that failed, and those that passed only when retried, by file, describe and title', () => {
    expect(failedInPlaywright('e2e', playwright)).toEqual([
      {
        step: 'e2e',
        name: 'admin-changes.spec.ts › a change of two pages is published at its time',
        reason: 'Error: Timed out 5000ms waiting for expect(locator).toHaveText(expected)',
      },
      {
        step: 'e2e',
        name: 'admin-changes.spec.ts › schedule › moves the time',
        reason: '(passed when retried) Error: page closed',
      },
    ]);
  });

  it('names the Lighthouse pages that missed, and a broken fixture that passed', () => {
    expect(
      failedInLighthouse('lighthouse', {
        pages: [
          { kind: 'home', path: '/', failures: [] },
          {
            kind: 'faqs',
            path: '/faqs',
            failures: ['performance 0.91 < 0.98', 'TBT 320 ms > 200 ms'],
          },
        ],
        fixture: { failures: [] },
      }),
    ).toEqual([
      {
        step: 'lighthouse',
        name: 'faqs (/faqs)',
        reason: 'performance 0.91 < 0.98; TBT 320 ms > 200 ms',
      },
      {
        step: 'lighthouse',
        name: 'broken fixture',
        reason: 'passes the gate: the gate cannot fail',
      },
    ]);
  });

  it('prints nothing when none failed, and at most the number asked for, saying how many more', () => {
    expect(formatFailed([])).toEqual([]);
    const failed = failedInVitest('unit', vitest, ROOT);
    expect(formatFailed(failed, 1)).toEqual([
      'Failed (2):',
      '  ✖ unit: tests/unit/functions/proposals/handler.test.ts › media library photos proposes a page',
      '      AssertionError: expected 200 to be 201',
      '  … and 1 more (see above)',
    ]);
    expect(firstLine('x'.repeat(300))).toHaveLength(200);
    expect(firstLine(undefined)).toBe('no message');
  });
});
