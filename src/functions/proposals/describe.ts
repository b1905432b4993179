// The words a change carries on GitHub and in git: its branch's name, its commits' messages and
// its pull request's body (which pages and routes change, a short summary of each difference, who
// proposed it, and its facts for the function to read back), and the short diffs the API answers with.
import { createTwoFilesPatch } from 'diff';
import { z } from 'zod';
import { isProblem, readEntry } from '../../kernel/content/read-entry.ts';
import { ProposalPageSchema } from '../../kernel/wire/proposals.ts';
import { ScheduleSchema } from '../../kernel/wire/schedule.ts';
import type { Caller } from '../auth.ts';

/** A page of a change: which, and how its file changes. */
export interface PageChange {
  path: string;
  /** The page's title and route, as proposed. */
  page: string;
  route?: string;
  /** The file as it is on the base branch; undefined for a new page. */
  before?: string;
  after: string;
  /** The blob of `after`, when the repository has it already (a page of the open change left as it is). */
  blob?: string;
}

/** What a change holds once proposed: every one of its pages, as the checks saw them. */
export interface ChangeFacts {
  summary: string;
  author: Caller;
  pages: PageChange[];
}

/** Which page a line names. */
type PageFacts = Pick<PageChange, 'page' | 'route' | 'path'>;

/** The change's pages as a change keeps them (its record, its pull request's facts): which, and whether the site has them yet. */
export const pagesOf = (change: ChangeFacts) =>
  change.pages.map(({ path, page, route, before }) => ({
    path,
    page,
    ...(route ? { route } : {}),
    ...(before === undefined ? { new: true as const } : {}),
  }));

/** "content/<file name>-<yyyymmdd-hhmm>", after the change's first page, the time in UTC. */
export function branchName(path: string, now: Date): string {
  const stem = path.split('/').pop()!.replace(/\.md$/, '');
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 13);
  return `content/${stem}-${stamp}`;
}

const who = (author: Caller) =>
  author.email && author.email !== author.name ? `${author.name} <${author.email}>` : author.name;

const pageLine = (facts: PageFacts) =>
  `${facts.page}${facts.route ? ` (${facts.route})` : ''}, ${facts.path}`;

export function commitMessage(change: ChangeFacts): string {
  const pages = change.pages.map(
    (page) => `${page.before === undefined ? 'New page' : 'Page'}: ${pageLine(page)}`,
  );
  return `${change.summary}\n\n${pages.join('\n')}\nProposed by ${who(change.author)} from the builder.\n`;
}

/** The message of a change's one commit on the published branch; `scheduled` when the scheduled run publishes it at the time its publisher chose. */
export function publishMessage(
  facts: { summary: string; pages: readonly PageFacts[] },
  proposer: string,
  publisher: Caller,
  scheduled = false,
): string {
  const pages = facts.pages.map((page) => `Page: ${pageLine(page)}`);
  return `${facts.summary}\n\n${pages.join('\n')}\nProposed by ${proposer} from the builder; published by ${who(publisher)}${scheduled ? ' at the time they chose' : ''}.\n`;
}

/** Who proposed a change, as its commit's message says ("Proposed by Alex Admin from the builder"); undefined for a commit not made from the builder. */
export function proposerIn(message: string): string | undefined {
  return /^Proposed by (.+?)(?: <[^<>]*>)? from the builder[.;]/m.exec(message)?.[1];
}

/**
 * At most this many lines of diff in a pull request's body or an answer: enough to see what
 * changed; the pull request's "Files changed" has the rest.
 */
const DIFF_LINES = 40;

/** A short unified diff of one file, without its header; `` when nothing changed. */
export function shortDiff(path: string, before: string, after: string): string {
  const patch = createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, {
    context: 1,
  });
  const lines = patch
    .split('\n')
    .filter(
      (line) =>
        line !== '' &&
        !line.startsWith('===') &&
        !line.startsWith('---') &&
        !line.startsWith('+++') &&
        !line.startsWith('Index:'),
    );
  if (lines.length <= DIFF_LINES) return lines.join('\n');
  return [...lines.slice(0, DIFF_LINES), `… ${lines.length - DIFF_LINES} more lines`].join('\n');
}

/** "Fields changed: title, blocks; the body. 4 lines added, 2 removed." */
export function differenceSummary(path: string, before: string | undefined, after: string): string {
  if (before === undefined) return `A new page of ${after.split('\n').length} lines.`;
  const [old, now] = [readEntry(path, before), readEntry(path, after)];
  const parts: string[] = [];
  if (!isProblem(old) && !isProblem(now)) {
    const oldData = old.data as Record<string, unknown>;
    const newData = now.data as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(oldData), ...Object.keys(newData)])].filter(
      (key) => JSON.stringify(oldData[key]) !== JSON.stringify(newData[key]),
    );
    if (fields.length > 0) parts.push(`Fields changed: ${fields.join(', ')}.`);
    if (old.body !== now.body) parts.push('The Markdown body changed.');
  }
  const lines = shortDiff(path, before, after).split('\n');
  const added = lines.filter((line) => line.startsWith('+')).length;
  const removed = lines.filter((line) => line.startsWith('-')).length;
  parts.push(
    `${added} line${added === 1 ? '' : 's'} added, ${removed} removed${lines.some((line) => line.startsWith('…')) ? ' in the first lines shown' : ''}.`,
  );
  return parts.join(' ');
}

/** What the pull request's body hides for the function to read back: the change's own facts, its schedule among them. */
const MarkerSchema = z.object({
  pages: z.array(ProposalPageSchema.omit({ blob: true })).min(1),
  author: z.string(),
  schedule: ScheduleSchema.optional(),
});
export type ProposalMarker = z.infer<typeof MarkerSchema>;

const MARKER = /<!-- ardent-proposal (\{.*\}) -->/;

/** The facts, in a comment GitHub does not show; `<` and `>` escaped, so no value can end it. */
export const markerOf = (facts: ProposalMarker) =>
  `<!-- ardent-proposal ${JSON.stringify(facts).replace(/</g, '\\u003c').replace(/>/g, '\\u003e')} -->`;

export function readMarker(body: string | null | undefined): ProposalMarker | undefined {
  const found = MARKER.exec(body ?? '');
  if (!found) return undefined;
  try {
    const parsed = MarkerSchema.safeParse(JSON.parse(found[1]!));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The body with other facts in its marker (a schedule set or noted), the rest as it was. */
export const withMarker = (body: string | null | undefined, facts: ProposalMarker): string =>
  (body ?? '').replace(MARKER, () => markerOf(facts));

/** A fence longer than any run of backticks in the text. */
const fenceFor = (text: string) =>
  '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((run) => run[0].length + 1)));

/** A page's part of the body: which page, how it differs, and the diff. */
function pageSection(page: PageChange): string[] {
  const diff =
    page.before === undefined
      ? page.after.split('\n').slice(0, DIFF_LINES).join('\n')
      : shortDiff(page.path, page.before, page.after);
  const fence = fenceFor(diff);
  return [
    `${page.before === undefined ? 'A new page' : 'A change to the page'} **${page.page}**${page.route ? ` at \`${page.route}\`` : ''}, in \`${page.path}\`: ${differenceSummary(page.path, page.before, page.after)}`,
    '',
    `${fence}${page.before === undefined ? 'markdown' : 'diff'}`,
    diff,
    fence,
    '',
  ];
}

/** The pull request's body, in GitHub's Markdown: every page of the change. */
export function pullRequestBody(change: ChangeFacts, facts: Omit<ProposalMarker, 'pages'>): string {
  const count = change.pages.length;
  return [
    `${count === 1 ? 'A change of one page' : `A change of ${count} pages, published together`}, proposed from the builder by ${who(change.author)}.`,
    '',
    `**Summary:** ${change.summary}`,
    '',
    ...change.pages.flatMap(pageSection),
    "The site's checks run on this pull request, and Netlify builds a deploy preview of it. Publishing from the builder merges it (squashed).",
    '',
    markerOf({ ...facts, pages: pagesOf(change) }),
  ].join('\n');
}
