/**
 * npm run check [-- --content <dir>] [-- --format text|json|github] [-- --local-library]: loads and
 * cross-checks the content, then lints the rendered pages, without building. Every problem is
 * reported at once, in the format asked for (src/kernel/errors/report-formats.ts); the exit code is
 * 1 when there is any.
 * `text` goes to stderr as the build's report does; `json` and `github` go to stdout, with the
 * lines meant for people (the counts, the lint's table) on stderr, so stdout holds the report alone.
 * Photos from the media library are checked in the project's bucket (FIREBASE_STORAGE_BUCKET), as
 * the build does; with `--local-library`, in the local Storage emulator (STORAGE_EMULATOR_PORT, as
 * `npm run build -- --auth-emulator`): the local backend's checks on a proposal run so.
 */
import path from 'node:path';
import { checkSite } from '../src/generator/build.ts';
import { librarySourceFrom } from '../src/generator/images/library-source.ts';
import {
  readRunningServices,
  runningServicesFile,
} from '../src/generator/emulators/running-services.ts';
import { ContentError, severityOf, type ContentProblem } from '../src/kernel/errors/problems.ts';
import {
  formatReport,
  REPORT_FORMATS,
  reportFormatOf,
} from '../src/kernel/errors/report-formats.ts';
import { formatContentFiles } from '../src/generator/content/format-files.ts';
import { notCanonical } from '../src/kernel/content/canonical-document.ts';
import { lintSite } from '../src/generator/lint/lint-site.ts';
import { formatLintSummary } from '../src/generator/lint/summary.ts';
import { exitWithError, fail, parseOptions } from './cli.ts';

const usage = `Usage: npm run check -- [--content <dir>] [--format ${REPORT_FORMATS.join('|')}] [--local-library]`;
const values = parseOptions(
  {
    content: { type: 'string' },
    format: { type: 'string' },
    'local-library': { type: 'boolean', default: false },
  },
  usage,
);
const format =
  reportFormatOf(values.format, process.env) ??
  fail(`Unknown report format "${values.format}": use ${REPORT_FORMATS.join(', ')}.\n${usage}`);
const projectRoot = process.cwd();
const local = values['local-library'];
const contentDir = values.content ? path.resolve(values.content) : undefined;
const say = format === 'text' ? console.log : console.error;

/** The report of every problem found (none: an empty JSON list, or nothing); exit code 1 when there is any. */
function report(problems: readonly ContentProblem[]): void {
  const text = formatReport(format, problems);
  if (text) (format === 'text' ? console.error : console.log)(text);
  if (problems.some((problem) => severityOf(problem) !== 'notice')) process.exitCode = 1;
}

try {
  const started = performance.now();
  const { content, site, images } = await checkSite({
    projectRoot,
    contentDir,
    library: librarySourceFrom(process.env, {
      local,
      runningStorage: local
        ? readRunningServices(runningServicesFile(projectRoot))?.storage
        : undefined,
    }),
  });
  const counts = [
    `${content.services.length} services`,
    `${content.areas.length} areas`,
    `${content.pages.length} pages`,
    `${content.faqs.length} FAQs`,
    `${content.contacts.length} contact files`,
  ];
  say(
    `Content OK: ${site.pages.length} routes from ${counts.join(', ')} (${Math.round(performance.now() - started)} ms).`,
  );

  // The editorial rules, on the pages as they render: lengths, headings, copy, spelling, links, alt text.
  const lint = await lintSite({ content, site, images, root: projectRoot });
  say(formatLintSummary(lint));
  // A notice, not a failure: the file is valid, but the block builder would export it differently.
  const { changed } = formatContentFiles(contentDir ?? path.join(projectRoot, 'content'), {
    displayRoot: projectRoot,
  });
  report([...lint.problems, ...changed.map(notCanonical)]);
} catch (error) {
  if (ContentError.is(error)) report(error.problems);
  else exitWithError(error);
}
