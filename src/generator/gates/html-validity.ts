// Gate 3 (issue 5): html-validate, with the project's .htmlvalidate.mjs (the recommended rules and
// the reasons for each change), over every HTML file of a built site.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface HtmlProblem {
  file: string;
  line: number;
  column: number;
  rule: string;
  message: string;
  selector: string | null;
}

/** Every .html file under `root`, sorted. */
export function htmlFilesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'))
    .map((name) => join(root, name))
    .sort();
}

/** The errors and warnings html-validate finds in these files (file names relative to `root`). */
export async function validateHtmlFiles(
  root: string,
  files: readonly string[],
): Promise<HtmlProblem[]> {
  // Loaded here, not with the module: htmlFilesUnder's callers (the W3C gate's step) need none of it.
  const { FileSystemConfigLoader, HtmlValidate } = await import('html-validate');
  // Finds .htmlvalidate.mjs from each file's folder upwards (the project root's, for dist/).
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const problems: HtmlProblem[] = [];
  for (const file of files) {
    const report = await validator.validateFile(file);
    for (const result of report.results) {
      for (const message of result.messages) {
        problems.push({
          file: relative(root, file),
          line: message.line,
          column: message.column,
          rule: message.ruleId,
          message: message.message,
          selector: message.selector,
        });
      }
    }
  }
  return problems;
}

export const formatHtmlProblems = (problems: readonly HtmlProblem[]) =>
  problems.map(
    (p) =>
      `${p.file}:${p.line}:${p.column} ${p.rule}: ${p.message}${p.selector ? ` (${p.selector})` : ''}`,
  );
