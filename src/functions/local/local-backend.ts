// The local backend: the project's own git repository stands in for GitHub. A proposal is a real
// branch content/… with a real commit, made with git's plumbing (a blob, a temporary index, a
// tree, a commit, the refs), so that the working tree, the index and the checked-out branch are
// never touched while proposing. Its checks are `npm run check:change` on that commit against the
// proposal's base (check-runner.ts).
// Publishing commits the file on the checked-out branch, when that file has no uncommitted change,
// in the same ref transaction that deletes the proposal's branch and record. Proposing, publishing
// and withdrawing run one at a time; each ref transaction names the values it expects, so that a
// change made meanwhile by another process makes it fail whole, in words.
//
// What GitHub keeps on a pull request (summary, who, when, the checks' results) is kept in git
// too, as a small JSON blob under refs/proposals/<id> (records.ts): it is created, updated and
// deleted in the same ref transaction as the branch, so a proposal and its record never part;
// it lives in the repository with the branch (shared by its worktrees, untouched by cleaning
// .cache/), and `git for-each-ref refs/proposals` shows it.
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VERSIONS_PER_PAGE, type PageHistory } from '../../kernel/wire/history.ts';
import type { Deploy, Proposal } from '../../kernel/wire/proposals.ts';
import type { Caller } from '../auth.ts';
import { failure } from '../http.ts';
import type { Backend, ContentSnapshot, OpenFile } from '../proposals/backend.ts';
import { CONTENT_DIR } from '../proposals/base-site.ts';
import { branchName, commitMessage, publishMessage, type ChangeFacts } from '../proposals/describe.ts';
import { historyPage, type FileCommit } from '../history/versions.ts';
import { CheckRunner, type CheckRunnerOptions } from './check-runner.ts';
import { Git, GitError } from './git.ts';
import { localDeploys } from './local-deploys.ts';
import { Records, type LocalRecord } from './records.ts';

export interface LocalBackendOptions {
  /** The repository: PUBLISH_REPOSITORY_DIR, else the project's. */
  dir: string;
  checks?: Omit<CheckRunnerOptions, 'onResult'>;
  now?: () => Date;
}

export class LocalBackend implements Backend {
  readonly local = true;
  readonly git: Git;
  readonly checks: CheckRunner;
  readonly #records: Records;
  readonly #now: () => Date;
  /** Texts by blob: a blob's name never changes what it holds. */
  readonly #texts = new Map<string, string>();
  /** The changes (proposing, publishing, withdrawing), one after another. */
  #changing: Promise<unknown> = Promise.resolve();

  constructor(options: LocalBackendOptions) {
    this.git = new Git(options.dir);
    this.#records = new Records(this.git);
    this.#now = options.now ?? (() => new Date());
    this.checks = new CheckRunner(this.git, { ...options.checks, onResult: (commit, result) => this.#records.keepResult(commit, result) });
  }

  snapshot(): Promise<ContentSnapshot> {
    return onGit(async () => {
      const commit = await this.git.resolve('HEAD');
      if (!commit) throw failure('git-failed', 'the repository has no commit yet.');
      const listing = await this.git.run(['ls-tree', '-r', '-z', '--full-tree', commit, '--', `${CONTENT_DIR}/`]);
      const files = new Map<string, string>();
      for (const line of listing.split('\0').filter(Boolean)) {
        const [info, file] = line.split('\t') as [string, string];
        const [, type, blob] = info.split(' ');
        if (type === 'blob') files.set(file, blob!);
      }
      return { commit, files };
    });
  }

  async readBlobs(blobs: readonly string[]): Promise<Map<string, string>> {
    const unknown = blobs.filter((blob) => !this.#texts.has(blob));
    for (const [blob, bytes] of await this.git.contents(unknown)) this.#texts.set(blob, bytes.toString('utf8'));
    return new Map(blobs.flatMap((blob) => (this.#texts.has(blob) ? [[blob, this.#texts.get(blob)!] as const] : [])));
  }

  openProposal(path: string): Promise<OpenFile | undefined> {
    return onGit(async () => {
      const open = (await this.#records.all()).find(({ record }) => record.path === path);
      if (!open) return undefined;
      const { record } = open;
      const head = await this.git.resolve(`refs/heads/${record.branch}`);
      const blob = head && (await this.git.resolve(`${head}:${path}`));
      return head && blob ? { id: record.id, author: record.author, summary: record.summary, updated: record.updated, commit: head, blob } : undefined;
    });
  }

  propose(change: ChangeFacts, base: ContentSnapshot, onto?: OpenFile): Promise<{ proposal: Proposal; added: boolean }> {
    return this.#oneAtATime(async () => {
      const now = this.#now().toISOString();
      // What does not depend on each other runs at once: each git command takes its time to start.
      const writing = this.git.writeBlob(change.after);
      // Awaited below where it is needed; a failure before then must not go unhandled.
      writing.catch(() => {});
      const message = commitMessage(change);
      if (onto) return this.#addTo(onto, change, writing, message, now);
      const open = (await this.#records.all()).find(({ record }) => record.path === change.path);
      if (open) throw failure('conflict', `${open.record.author} proposed a change to this page at the same moment, so yours was not proposed. Propose it again: it is joined with theirs when the two touch different lines.`);
      const branch = branchName(change.path, this.#now());
      const recordFor = (candidate: string): LocalRecord => ({
        id: candidate.slice('content/'.length),
        branch: candidate,
        path: change.path,
        page: change.page,
        ...(change.route ? { route: change.route } : {}),
        summary: change.summary,
        author: change.author.name,
        ...(change.author.email ? { authorEmail: change.author.email } : {}),
        created: now,
        updated: now,
        base: base.commit,
        results: {},
      });
      const [commit, first] = await Promise.all([this.#commitBlob(base.commit, change.path, writing, message, change.author, change.author), this.#records.write(recordFor(branch))]);
      for (const candidate of [branch, ...[2, 3, 4, 5].map((n) => `${branch}-${n}`)]) {
        const record = recordFor(candidate);
        const kept = candidate === branch ? first : await this.#records.write(record);
        if (await this.git.updateRefs([`create refs/heads/${candidate} ${commit}`, `create ${Records.ref(record.id)} ${kept}`])) {
          return { proposal: this.#proposal(record, commit, await writing), added: false };
        }
      }
      throw failure('conflict', `Branches named ${branch} already exist.`);
    });
  }

  /** A commit of the new version on the open proposal's head commit as `onto` read it: refused when its branch moved since. */
  async #addTo(onto: OpenFile, change: ChangeFacts, writing: Promise<string>, message: string, now: string): Promise<{ proposal: Proposal; added: boolean }> {
    const moved = () => failure('conflict', 'Someone added to this proposal at the same moment, so your version was not added. Propose it again: it is joined with theirs when the two touch different lines.');
    // A check's result moves the record's ref meanwhile (records.ts): read it again and retry; the branch must be where `onto` saw it.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const open = await this.#records.get(onto.id);
      if (!open) throw failure('no-such-proposal');
      const record: LocalRecord = { ...open.record, updated: now, page: change.page, ...(change.route ? { route: change.route } : {}) };
      const [commit, kept] = await Promise.all([this.#commitBlob(onto.commit, change.path, writing, message, change.author, change.author), this.#records.write(record)]);
      if (await this.git.updateRefs([`update refs/heads/${record.branch} ${commit} ${onto.commit}`, `update ${Records.ref(record.id)} ${kept} ${open.blob}`])) {
        return { proposal: this.#proposal(record, commit, await writing), added: true };
      }
      if ((await this.git.resolve(`refs/heads/${record.branch}`)) !== onto.commit) throw moved();
    }
    throw moved();
  }

  list(): Promise<Proposal[]> {
    return onGit(async () => {
      const all = await this.#records.all();
      const tips = await this.git.shas(all.map(({ record }) => `refs/heads/${record.branch}`));
      const files = await this.git.shas(all.flatMap(({ record }) => (tips.has(`refs/heads/${record.branch}`) ? [`${tips.get(`refs/heads/${record.branch}`)}:${record.path}`] : [])));
      return all
        .map(({ record }) => {
          const tip = tips.get(`refs/heads/${record.branch}`);
          return this.#proposal(record, tip, tip && files.get(`${tip}:${record.path}`));
        })
        .sort((a, b) => b.created.localeCompare(a.created));
    });
  }

  status(id: string): Promise<Proposal> {
    return onGit(async () => {
      const { record } = await this.#open(id);
      const tip = await this.git.resolve(`refs/heads/${record.branch}`);
      return this.#proposal(record, tip, tip && (await this.git.resolve(`${tip}:${record.path}`)));
    });
  }

  publish(id: string, by: Caller): Promise<Proposal> {
    return this.#oneAtATime(async () => {
      const { record, blob: recordBlob } = await this.#open(id);
      const tip = await this.git.resolve(`refs/heads/${record.branch}`);
      const blob = tip && (await this.git.resolve(`${tip}:${record.path}`));
      if (!tip || !blob) throw failure('no-such-proposal');
      const proposal = this.#proposal(record, tip, blob);
      if (proposal.checks.state === 'failed') throw failure('checks-failed', proposal.checks.firstProblem ?? 'no problem was named.');
      if (proposal.checks.state !== 'passed') throw failure('checks-waiting');
      const branch = await this.git.run(['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => undefined);
      if (!branch) throw failure('no-branch');
      const status = await this.git.run(['status', '--porcelain', '-z', '--untracked-files=all', '--', record.path]);
      if (status !== '') throw failure('uncommitted-change', record.path);
      const head = (await this.git.resolve('HEAD'))!;
      const [now, then] = await Promise.all([this.git.resolve(`HEAD:${record.path}`), this.git.resolve(`${record.base}:${record.path}`)]);
      if (now !== then) throw failure('changed-on-branch', record.path, branch);
      // The file as its checks passed on the proposal's head commit, nothing else.
      const proposer = { uid: '', name: record.author, ...(record.authorEmail ? { email: record.authorEmail } : {}) };
      const commit = await this.#commitBlob(head, record.path, blob, publishMessage(record, record.author, by), proposer, by);
      // The branch moves, and the proposal's branch and record go, at once or not at all.
      const done = await this.git.updateRefs([`update refs/heads/${branch} ${commit} ${head}`, `delete refs/heads/${record.branch} ${tip}`, `delete ${Records.ref(record.id)} ${recordBlob}`]);
      if (!done) throw failure('conflict', `${branch} or the proposal changed while it was being published, so nothing was published. Look at the proposal again, then publish it.`);
      // The checkout follows its branch for this one file: the index and the working tree now hold the published version.
      await this.git.run(['update-index', '--add', '--cacheinfo', `100644,${blob},${record.path}`]);
      await this.git.run(['checkout-index', '--force', '--', record.path]);
      this.checks.forget(tip);
      const at = this.#now().toISOString();
      return { ...proposal, state: 'published', updated: at, published: { commit, at } };
    });
  }

  withdraw(id: string): Promise<Proposal> {
    return this.#oneAtATime(async () => {
      const { record, blob } = await this.#open(id);
      const tip = await this.git.resolve(`refs/heads/${record.branch}`);
      const proposal = this.#proposal(record, tip, undefined);
      if (!(await this.git.updateRefs([...(tip ? [`delete refs/heads/${record.branch} ${tip}`] : []), `delete ${Records.ref(record.id)} ${blob}`]))) {
        throw failure('conflict', 'Someone added to this proposal at the same moment, so it was not withdrawn. Look at it again first.');
      }
      if (tip) this.checks.forget(tip);
      return { ...proposal, state: 'withdrawn', updated: this.#now().toISOString() };
    });
  }

  history(path: string, page: number): Promise<PageHistory> {
    return onGit(async () => {
      // The page's versions and the one before them, from the checked-out branch (what publishing commits to).
      const log = await this.git.run(['log', '--format=%H%x1f%cI%x1f%an%x1f%B%x1e', `--skip=${(page - 1) * VERSIONS_PER_PAGE}`, `--max-count=${VERSIONS_PER_PAGE + 1}`, 'HEAD', '--', path]);
      const entries = log
        .split('\x1e')
        .map((entry) => entry.replace(/^\n/, ''))
        .filter(Boolean)
        .map((entry) => entry.split('\x1f') as [string, string, string, string]);
      const files = await this.git.objects(entries.map(([commit]) => `${commit}:${path}`));
      const texts = new Map<string, string>();
      const commits = entries.map(([commit, when, author, message]): FileCommit => {
        const file = files.get(`${commit}:${path}`);
        if (file) texts.set(file.sha, file.bytes.toString('utf8'));
        return { commit, when, author, message, ...(file ? { blob: file.sha } : {}) };
      });
      return historyPage(path, page, commits, texts);
    });
  }

  version(path: string, commit: string): Promise<{ text: string; blob: string }> {
    return onGit(async () => {
      const file = (await this.git.objects([`${commit}:${path}`])).get(`${commit}:${path}`);
      if (!file) throw failure('no-such-version', path);
      return { text: file.bytes.toString('utf8'), blob: file.sha };
    });
  }

  deploy(commit: string, live: string | undefined): Promise<Deploy> {
    return onGit(async () => {
      if (!(await this.git.resolve(`${commit}^{commit}`))) throw failure('no-such-commit');
      if (live && (await this.git.contains(live, commit))) return { commit, state: 'live' };
      // npm start's build after publishing is the deploy: it says when it failed (local-deploys.ts).
      const failed = localDeploys.failureOf(commit);
      return failed ? { commit, state: 'failed', message: failed } : { commit, state: 'building' };
    });
  }

  /** Runs a change after those already under way, git's failures in words. */
  #oneAtATime<T>(change: () => Promise<T>): Promise<T> {
    const run = this.#changing.then(() => onGit(change));
    this.#changing = run.catch(() => {});
    return run;
  }

  async #open(id: string): Promise<{ record: LocalRecord; blob: string }> {
    const found = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id) ? await this.#records.get(id) : undefined;
    if (!found) throw failure('no-such-proposal');
    return found;
  }

  /**
   * The proposal as the API shows it: its checks those of its branch's head commit, `tip`, which
   * are asked for (in the background) when nothing has checked it yet: a new commit, or one this
   * process has not seen.
   */
  #proposal(record: LocalRecord, tip: string | undefined, blob: string | undefined): Proposal {
    let checks: Proposal['checks'] = { state: 'waiting' };
    if (tip) {
      const result = record.results[tip];
      const running = this.checks.stateOf(tip);
      if (result) checks = result;
      else if (running) checks = { state: running };
      else this.checks.enqueue(tip, record.base);
    }
    const { id, branch, path, route, page, summary, author, created, updated } = record;
    return { id, branch, path, ...(route ? { route } : {}), page, summary, author, created, updated, url: null, state: 'open', checks, preview: { state: 'none' }, local: true, ...(tip && blob ? { commit: tip, blob } : {}) };
  }

  /** git commit of one file's blob on `parent`, through a temporary index: the repository's own index and working tree untouched. */
  async #commitBlob(parent: string, file: string, blob: string | Promise<string>, message: string, author: Caller, committer: Caller): Promise<string> {
    const index = path.join(tmpdir(), `ardent-index-${process.pid}-${Math.random().toString(36).slice(2)}`);
    try {
      const env = { GIT_INDEX_FILE: index };
      await Promise.all([this.git.run(['read-tree', parent], { env }), blob]);
      await this.git.run(['update-index', '--add', '--cacheinfo', `100644,${await blob},${file}`], { env });
      const tree = await this.git.run(['write-tree'], { env });
      const email = (caller: Caller) => caller.email ?? 'builder@localhost';
      const who = { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: email(author), GIT_COMMITTER_NAME: committer.name, GIT_COMMITTER_EMAIL: email(committer) };
      return await this.git.run(['commit-tree', tree, '-p', parent, '-F', '-'], { input: message, env: who });
    } finally {
      await rm(index, { force: true });
    }
  }
}

/** Runs git work, a failure of git answered in its words (500) rather than as a fault. */
async function onGit<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GitError) throw failure('git-failed', error.stderr.trim().split('\n')[0] || `git ${error.args[0]} stopped (exit ${error.code}).`);
    throw error;
  }
}
