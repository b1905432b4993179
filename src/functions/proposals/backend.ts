// Where proposals live, and the published versions of each page: one small interface, two implementations. On Netlify, GitHub (a branch and
// a pull request each, src/functions/github/); locally, the project's own git repository (a branch
// each, made with git's plumbing, src/functions/local/). The proposals function knows only this.
import type { PageHistory } from '../../kernel/wire/history.ts';
import type { Deploy, Proposal } from '../../kernel/wire/proposals.ts';
import type { Caller } from '../auth.ts';
import type { ChangeFacts } from './describe.ts';

/** The repository's content at the base commit: main's head on GitHub, the checked-out branch's head locally. */
export interface ContentSnapshot {
  commit: string;
  /** Every file under content/ at that commit, by path ("content/pages/about.md"): its blob. */
  files: ReadonlyMap<string, string>;
}

/** The open proposal of a file, as a change is merged onto it: its head commit and the file's blob there. */
export interface OpenFile {
  id: string;
  author: string;
  summary: string;
  updated: string;
  commit: string;
  blob: string;
}

export interface Backend {
  /** The local repository rather than GitHub. */
  readonly local: boolean;
  snapshot(): Promise<ContentSnapshot>;
  /** Texts by blob; a blob the repository does not have is left out. */
  readBlobs(blobs: readonly string[]): Promise<Map<string, string>>;
  /** The open proposal of this file, if there is one. */
  openProposal(path: string): Promise<OpenFile | undefined>;
  /**
   * A new proposal of the changed file, from the snapshot it was checked against; or, with `onto`,
   * a commit added to that open proposal on top of its head commit (`added`). Either way, 409 in
   * words when someone else got there first: a proposal of the file opened meanwhile, or a commit
   * added to it since `onto` was read. Nothing is left half-made.
   */
  propose(change: ChangeFacts, base: ContentSnapshot, onto?: OpenFile): Promise<{ proposal: Proposal; added: boolean }>;
  /** The open proposals, newest first. */
  list(): Promise<Proposal[]>;
  /** One proposal, with its checks and preview as they are now; 404 when there is none. */
  status(id: string): Promise<Proposal>;
  /**
   * Merges it (one squashed commit) when its checks passed on its head commit, which is then what
   * the live branch gets; else 409, in words. Refused, 409, when the file changed on the live
   * branch since the proposal was made (publishing would undo that change). `published` names the
   * commit on the live branch.
   */
  publish(id: string, by: Caller): Promise<Proposal>;
  /** Closes it without publishing, and deletes its branch. */
  withdraw(id: string): Promise<Proposal>;
  /** A page's file's published versions on the base branch, newest first: one page of them (1 the newest), each with its diff against the one before. */
  history(path: string, page: number): Promise<PageHistory>;
  /** The file as it was at a commit, and its blob; 404 in words when that commit does not have it. */
  version(path: string, commit: string): Promise<{ text: string; blob: string }>;
  /** Whether a published commit is in the build `live` (latest-build.json's commit), and else how its deploy stands; 404 when there is no such commit. */
  deploy(commit: string, live: string | undefined): Promise<Deploy>;
}
