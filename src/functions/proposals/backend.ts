// Where changes live: one interface, two implementations. On Netlify, GitHub (a branch and a
// pull request each, src/functions/github/github-proposals.ts); locally, the project's own git
// repository (a branch each, made with git's plumbing, src/functions/local/local-proposals.ts).
// The proposals function and the scheduled run know only this; a page's published versions are
// the history's (src/functions/history/backend.ts).
import type { Deploy, Proposal } from '../../kernel/wire/proposals.ts';
import type { Schedule } from '../../kernel/wire/schedule.ts';
import type { Caller } from '../auth.ts';
import type { ChangeFacts } from './describe.ts';

/** The repository's content at the base commit: main's head on GitHub, the checked-out branch's head locally. */
export interface ContentSnapshot {
  commit: string;
  /** Every file under content/ at that commit, by path ("content/pages/about.md"): its blob. */
  files: ReadonlyMap<string, string>;
}

/** An open change, as it is found without asking how its checks stand: which pages it holds, and when it is to be published. */
export interface OpenChange {
  id: string;
  summary: string;
  paths: string[];
  schedule?: Schedule;
}

/** An open change as openChanges lists it, from what a backend keeps of it (a pull request's marker, a local record). */
export const openChangeOf = (
  id: string,
  summary: string,
  kept: { pages: readonly { path: string }[]; schedule?: Schedule },
): OpenChange => ({
  id,
  summary,
  paths: kept.pages.map((page) => page.path),
  ...(kept.schedule ? { schedule: kept.schedule } : {}),
});

export interface ProposalsBackend {
  /** The local repository rather than GitHub. */
  readonly local: boolean;
  snapshot(): Promise<ContentSnapshot>;
  /** Texts by blob; a blob the repository does not have is left out. */
  readBlobs(blobs: readonly string[]): Promise<Map<string, string>>;
  /** The open changes, with their pages and schedules (one request on GitHub, however many there are). */
  openChanges(): Promise<OpenChange[]>;
  /**
   * A new change of every page, from the snapshot they were checked against, in one commit; or,
   * with `onto`, a commit added to that open change on top of its head commit as read (`added`). Either
   * way, 409 in words when someone else got there first: a change of one of its pages opened
   * meanwhile, or a commit added to it since `onto` was read. Nothing is left half-made.
   */
  propose(
    change: ChangeFacts,
    base: ContentSnapshot,
    onto?: Proposal,
  ): Promise<{ proposal: Proposal; added: boolean }>;
  /** The open changes, newest first. */
  list(): Promise<Proposal[]>;
  /** The changes published lately, newest first (at most PUBLISHED_LISTED). */
  published(): Promise<Proposal[]>;
  /** One change, with its checks and preview as they are now; 404 when there is none. */
  status(id: string): Promise<Proposal>;
  /**
   * Merges it (one squashed commit of all its pages) when the publish rules let it
   * (publish-rules.ts): its checks passed on its head commit, which is then what the live branch
   * gets; else 409, in words. Refused, 409, when one of its pages changed on the live branch since
   * the change was made (publishing would undo that change). `published` names the commit on the live branch; `scheduled` when the scheduled run
   * publishes it, for `by`, who set its time.
   */
  publish(id: string, by: Caller, scheduled?: boolean): Promise<Proposal>;
  /** Closes it without publishing, and deletes its branch. */
  withdraw(id: string): Promise<Proposal>;
  /** Sets the time it is published at (replacing any, with no note), or none (undefined). */
  schedule(id: string, schedule: Schedule | undefined): Promise<Proposal>;
  /** Keeps what the scheduled run found, on the schedule the change has (nothing when it has none now). */
  noteSchedule(id: string, note: NonNullable<Schedule['note']>): Promise<void>;
  /** Whether its head commit contains the live branch's head: its checks then ran on the version that is live now. */
  onLiveNow(proposal: Proposal): Promise<boolean>;
  /**
   * Brings its branch up to date with the live branch (the live branch merged into it), so that
   * its checks run again on the version that is live now; 409 in words when one of its pages
   * changed on the live branch since it was proposed.
   */
  freshen(id: string): Promise<void>;
  /** Whether a published commit is in the build `live` (latest-build.json's commit), and else how its deploy stands; 404 when there is no such commit. */
  deploy(commit: string, live: string | undefined): Promise<Deploy>;
}

/** How many changes published lately are listed. */
export const PUBLISHED_LISTED = 10;
