// What an owner reads when the local checks stop without a report: the error that stopped them, not
// the version line Node prints after an uncaught error.
import { describe, expect, it } from 'vitest';
import { failureOf } from '../../../../src/functions/local/check-runner.ts';

describe('failureOf, with no report', () => {
  it("names the error Node stopped the check on, not Node's version line", () => {
    const stderr = [
      'node:internal/modules/package_json_reader:256',
      '  throw new ERR_MODULE_NOT_FOUND(packageName, fileURLToPath(base), null);',
      '        ^',
      '',
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'tsx' imported from /tmp/check/",
      '    at Object.getPackageJSONURL (node:internal/modules/package_json_reader:256:9) {',
      "  code: 'ERR_MODULE_NOT_FOUND'",
      '}',
      '',
      'Node.js v24.21.0',
    ].join('\n');
    expect(failureOf('', stderr).firstProblem).toBe(
      "The check stopped without a report: Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'tsx' imported from /tmp/check/",
    );
  });

  it('keeps the last line when the check said why itself', () => {
    expect(
      failureOf('', 'Building…\ncheck:change failed in 2.0 s. It could not finish.\n').firstProblem,
    ).toBe(
      'The check stopped without a report: check:change failed in 2.0 s. It could not finish.',
    );
    expect(failureOf('', '').firstProblem).toBe('The check stopped without a report.');
  });
});
