// The words a proposal carries on GitHub and in git: its branch's name, its commit's message and
// its pull request's body (which page and route changed, a short summary of the difference, who
// proposed it), and the short diffs the API answers with.
import { createTwoFilesPatch } from 'diff';
import { isProblem, readEntry } from '../../kernel/content/read-entry.ts';
import type { Caller } from '../auth.ts';

/** What a proposal changes, as the builder's checks saw it. */
export interface ChangeFacts {
  path: string;
  /** The page's title and route, as proposed. */
  page: string;
  route?: string;
  summary: string;
  author: Caller;
  /** The file as it is on the base branch; undefined for a new page. */
  before?: string;
  after: string;
}

/** "content/<file name>-<yyyymmdd-hhmm>", the time in UTC. */
export function branchName(path: string, now: Date): string {
  const stem = path.split('/').pop()!.replace(/\.md$/, '');
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 13);
  return `content/${stem}-${stamp}`;
}

const who = (author: Caller) => (author.email && author.email !== author.name ? `${author.name} <${author.email}>` : author.name);

const pageLine = (facts: Pick<ChangeFacts, 'page' | 'route' | 'path'>) => `${facts.page}${facts.route ? ` (${facts.route})` : ''}, ${facts.path}`;

export function commitMessage(change: ChangeFacts): string {
  return `${change.summary}\n\n${change.before === undefined ? 'New page' : 'Page'}: ${pageLine(change)}\nProposed by ${who(change.author)} from the builder.\n`;
}

/** The message of a proposal's one commit on the published branch. */
export function publishMessage(facts: Pick<ChangeFacts, 'page' | 'route' | 'path' | 'summary'>, proposer: string, publisher: Caller): string {
  return `${facts.summary}\n\nPage: ${pageLine(facts)}\nProposed by ${proposer} from the builder; published by ${who(publisher)}.\n`;
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
  const patch = createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, { context: 1 });
  const lines = patch.split('\n').filter((line) => line !== '' && !line.startsWith('===') && !line.startsWith('---') && !line.startsWith('+++') && !line.startsWith('Index:'));
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
    const fields = [...new Set([...Object.keys(oldData), ...Object.keys(newData)])].filter((key) => JSON.stringify(oldData[key]) !== JSON.stringify(newData[key]));
    if (fields.length > 0) parts.push(`Fields changed: ${fields.join(', ')}.`);
    if (old.body !== now.body) parts.push('The Markdown body changed.');
  }
  const lines = shortDiff(path, before, after).split('\n');
  const added = lines.filter((line) => line.startsWith('+')).length;
  const removed = lines.filter((line) => line.startsWith('-')).length;
  parts.push(`${added} line${added === 1 ? '' : 's'} added, ${removed} removed${lines.some((line) => line.startsWith('…')) ? ' in the first lines shown' : ''}.`);
  return parts.join(' ');
}

/** What the pull request's body hides for the function to read back: the proposal's own facts. */
export interface ProposalMarker {
  path: string;
  page: string;
  route?: string;
  author: string;
}

const MARKER = /<!-- ardent-proposal (\{.*\}) -->/;

/** The facts, in a comment GitHub does not show; `<` and `>` escaped, so no value can end it. */
export const markerOf = (facts: ProposalMarker) => `<!-- ardent-proposal ${JSON.stringify(facts).replace(/</g, '\\u003c').replace(/>/g, '\\u003e')} -->`;

export function readMarker(body: string | null | undefined): ProposalMarker | undefined {
  const found = MARKER.exec(body ?? '');
  if (!found) return undefined;
  try {
    const facts = JSON.parse(found[1]!) as Partial<ProposalMarker>;
    if (typeof facts.path !== 'string' || typeof facts.page !== 'string' || typeof facts.author !== 'string') return undefined;
    return { path: facts.path, page: facts.page, author: facts.author, ...(typeof facts.route === 'string' ? { route: facts.route } : {}) };
  } catch {
    return undefined;
  }
}

/** A fence longer than any run of backticks in the text. */
const fenceFor = (text: string) => '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((run) => run[0].length + 1)));

/** The pull request's body, in GitHub's Markdown. */
export function pullRequestBody(change: ChangeFacts): string {
  const diff = change.before === undefined ? change.after.split('\n').slice(0, DIFF_LINES).join('\n') : shortDiff(change.path, change.before, change.after);
  const fence = fenceFor(diff);
  return [
    `${change.before === undefined ? 'A new page' : 'A change to the page'} **${change.page}**${change.route ? ` at \`${change.route}\`` : ''}, in \`${change.path}\`, proposed from the builder by ${who(change.author)}.`,
    '',
    `**Summary:** ${change.summary}`,
    '',
    `**The difference:** ${differenceSummary(change.path, change.before, change.after)}`,
    '',
    `${fence}${change.before === undefined ? 'markdown' : 'diff'}`,
    diff,
    fence,
    '',
    'The site\'s checks run on this pull request, and Netlify builds a deploy preview of it. Publishing from the builder merges it (squashed).',
    '',
    markerOf({ path: change.path, page: change.page, ...(change.route ? { route: change.route } : {}), author: change.author.name }),
  ].join('\n');
}
