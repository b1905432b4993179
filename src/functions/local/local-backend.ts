// The local backend: the project's own git repository stands in for GitHub. A change is a real
// branch content/… with real commits, made with git's plumbing (blobs, a temporary index, a tree,
// a commit, the refs: commit-files.ts), so that the working tree, the index and the checked-out
// branch are never touched while proposing. Its checks are `npm run check:change` on its head
// commit against its base (check-runner.ts), over every page it alters.
// Publishing commits its files on the checked-out branch as one commit, when none of them has an
// uncommitted change, in the same ref transaction that deletes its branch and moves its record to
// refs/published/. Proposing, publishing, withdrawing and bringing a change up to date run one at a
// time; each ref transaction names the values it expects, so that a change made meanwhile by
// another process (another scheduled run) makes it fail whole, in words.
//
// What GitHub keeps on a pull request (summary, who, when, the checks' results, the schedule) is
// kept in git too, as a small JSON blob under refs/proposals/<id> (records.ts): created, updated
// and deleted in the same ref transaction as the branch, so a change and its record never part.
import type { PageHistory } from '../../kernel/wire/history.ts';
import type { Deploy, Proposal } from '../../kernel/wire/proposals.ts';
import type { Schedule } from '../../kernel/wire/schedule.ts';
import type { Caller } from '../auth.ts';
import { failure } from '../http.ts';
import {
  PUBLISHED_LISTED,
  type Backend,
  type ContentSnapshot,
  type OpenChange,
} from '../proposals/backend.ts';
import { CONTENT_DIR } from '../proposals/base-site.ts';
import { branchName, commitMessage, pagesOf, type ChangeFacts } from '../proposals/describe.ts';
import { CheckRunner, type CheckRunnerOptions } from './check-runner.ts';
import { commitFiles } from './commit-files.ts';
import { Git, GitError } from './git.ts';
import { localDeploys } from './local-deploys.ts';
import { localHistory, localVersion } from './local-history.ts';
import { blobsAt, bringUpToDate, publishOnBranch } from './onto-branch.ts';
import { Records, type LocalRecord } from './records.ts';

export interface LocalBackendOptions {
  /** The repository: PUBLISH_REPOSITORY_DIR, else the project's. */
  dir: string;
  checks?: Omit<CheckRunnerOptions, 'onResult'>;
  now?: () => Date;
}

const moved = () =>
  failure(
    'conflict',
    'Someone added to this change at the same moment, so your version was not added. Propose it again: it is joined with theirs when the two touch different lines.',
  );

export class LocalBackend implements Backend {
  readonly local = true;
  readonly git: Git;
  readonly checks: CheckRunner;
  readonly #records: Records;
  readonly #now: () => Date;
  /** Texts by blob: a blob's name never changes what it holds. */
  readonly #texts = new Map<string, string>();
  /** The changes (proposing, publishing, withdrawing, bringing up to date), one after another. */
  #changing: Promise<unknown> = Promise.resolve();

  constructor(options: LocalBackendOptions) {
    this.git = new Git(options.dir);
    this.#records = new Records(this.git);
    this.#now = options.now ?? (() => new Date());
    this.checks = new CheckRunner(this.git, {
      ...options.checks,
      onResult: (commit, result) => this.#records.keepResult(commit, result),
    });
  }

  snapshot(): Promise<ContentSnapshot> {
    return onGit(async () => {
      const commit = await this.git.resolve('HEAD');
      if (!commit) throw failure('git-failed', 'the repository has no commit yet.');
      const listing = await this.git.run([
        'ls-tree',
        '-r',
        '-z',
        '--full-tree',
        commit,
        '--',
        `${CONTENT_DIR}/`,
      ]);
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
    for (const [blob, bytes] of await this.git.contents(unknown))
      this.#texts.set(blob, bytes.toString('utf8'));
    return new Map(
      blobs.flatMap((blob) =>
        this.#texts.has(blob) ? [[blob, this.#texts.get(blob)!] as const] : [],
      ),
    );
  }

  openChanges(): Promise<OpenChange[]> {
    return onGit(async () =>
      (await this.#records.all()).map(({ record }) => ({
        id: record.id,
        summary: record.summary,
        paths: record.pages.map((page) => page.path),
        ...(record.schedule ? { schedule: record.schedule } : {}),
      })),
    );
  }

  propose(
    change: ChangeFacts,
    base: ContentSnapshot,
    onto?: Proposal,
  ): Promise<{ proposal: Proposal; added: boolean }> {
    return this.#oneAtATime(async () => {
      const now = this.#now().toISOString();
      // What does not depend on each other runs at once: each git command takes its time to start.
      const files = change.pages.map((page) => ({
        path: page.path,
        blob: page.blob ?? this.git.writeBlob(page.after),
      }));
      // Awaited below where they are needed; a failure before then must not go unhandled.
      for (const file of files) if (typeof file.blob !== 'string') file.blob.catch(() => {});
      const pages = pagesOf(change);
      const commit = (parent: string) =>
        commitFiles(this.git, {
          parents: [parent],
          files,
          message: commitMessage(change),
          author: change.author,
          committer: change.author,
        });
      const blobsOf = async () =>
        new Map(
          await Promise.all(files.map(async (file) => [file.path, await file.blob] as const)),
        );
      if (onto) return this.#addTo(onto.id, onto.commit!, pages, commit, blobsOf, now);
      const taken = (await this.#records.all()).find(({ record }) =>
        record.pages.some((page) => pages.some((other) => other.path === page.path)),
      );
      if (taken)
        throw failure(
          'conflict',
          `${taken.record.author} proposed a change to one of these pages at the same moment, so yours was not proposed. Propose it again: it is joined with theirs when the two touch different lines.`,
        );
      const branch = branchName(pages[0]!.path, this.#now());
      const recordFor = (candidate: string): LocalRecord => ({
        id: candidate.slice('content/'.length),
        branch: candidate,
        pages,
        summary: change.summary,
        author: change.author.name,
        ...(change.author.email ? { authorEmail: change.author.email } : {}),
        created: now,
        updated: now,
        base: base.commit,
        results: {},
      });
      const [made, first] = await Promise.all([
        commit(base.commit),
        this.#records.write(recordFor(branch)),
      ]);
      for (const candidate of [branch, ...[2, 3, 4, 5].map((n) => `${branch}-${n}`)]) {
        const record = recordFor(candidate);
        const kept = candidate === branch ? first : await this.#records.write(record);
        if (
          await this.git.updateRefs([
            `create refs/heads/${candidate} ${made}`,
            `create ${Records.ref(record.id)} ${kept}`,
          ])
        ) {
          return { proposal: this.#proposal(record, made, await blobsOf()), added: false };
        }
      }
      throw failure('conflict', `Branches named ${branch} already exist.`);
    });
  }

  /** A commit of the change's pages on the open change's head commit as it was read: refused when its branch moved since. */
  async #addTo(
    id: string,
    head: string,
    pages: LocalRecord['pages'],
    commit: (parent: string) => Promise<string>,
    blobsOf: () => Promise<Map<string, string>>,
    now: string,
  ): Promise<{ proposal: Proposal; added: boolean }> {
    // A check's result moves the record's ref meanwhile (records.ts): read it again and retry; the branch must be where it was read.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const open = await this.#records.get(id);
      if (!open) throw failure('no-such-proposal');
      const record: LocalRecord = { ...open.record, updated: now, pages };
      const [made, kept] = await Promise.all([commit(head), this.#records.write(record)]);
      if (
        await this.git.updateRefs([
          `update refs/heads/${record.branch} ${made} ${head}`,
          `update ${Records.ref(record.id)} ${kept} ${open.blob}`,
        ])
      ) {
        // The change's checks are the new head's: the old one's are no longer wanted.
        this.checks.forget(head);
        return { proposal: this.#proposal(record, made, await blobsOf()), added: true };
      }
      if ((await this.git.resolve(`refs/heads/${record.branch}`)) !== head) throw moved();
    }
    throw moved();
  }

  list(): Promise<Proposal[]> {
    return onGit(async () => {
      const all = await this.#records.all();
      const tips = await this.git.shas(all.map(({ record }) => `refs/heads/${record.branch}`));
      const names = all.flatMap(({ record }) => {
        const tip = tips.get(`refs/heads/${record.branch}`);
        return tip ? record.pages.map((page) => `${tip}:${page.path}`) : [];
      });
      const blobs = await this.git.shas(names);
      return all
        .map(({ record }) => {
          const tip = tips.get(`refs/heads/${record.branch}`);
          return this.#proposal(
            record,
            tip,
            new Map(
              record.pages.flatMap((page) =>
                blobs.has(`${tip}:${page.path}`)
                  ? [[page.path, blobs.get(`${tip}:${page.path}`)!]]
                  : [],
              ),
            ),
          );
        })
        .sort((a, b) => b.created.localeCompare(a.created));
    });
  }

  published(): Promise<Proposal[]> {
    return onGit(async () =>
      (await this.#records.published())
        .sort((a, b) => (b.record.published?.at ?? '').localeCompare(a.record.published?.at ?? ''))
        .slice(0, PUBLISHED_LISTED)
        .map(({ record }) => this.#proposal(record, undefined, new Map())),
    );
  }

  status(id: string): Promise<Proposal> {
    return onGit(async () => {
      const { record } = await this.#open(id);
      const tip = await this.git.resolve(`refs/heads/${record.branch}`);
      return this.#proposal(record, tip, tip ? await blobsAt(this.git, tip, record) : new Map());
    });
  }

  publish(id: string, by: Caller, scheduled = false): Promise<Proposal> {
    return this.#oneAtATime(async () => {
      const { record, blob: recordBlob } = await this.#open(id);
      const tip = await this.git.resolve(`refs/heads/${record.branch}`);
      const blobs = tip ? await blobsAt(this.git, tip, record) : new Map<string, string>();
      if (!tip || blobs.size < record.pages.length) throw failure('no-such-proposal');
      const proposal = this.#proposal(record, tip, blobs);
      if (proposal.checks.state === 'failed')
        throw failure('checks-failed', proposal.checks.firstProblem ?? 'no problem was named.');
      if (proposal.checks.state !== 'passed') throw failure('checks-waiting');
      const branch = await this.git
        .run(['symbolic-ref', '--quiet', '--short', 'HEAD'])
        .catch(() => undefined);
      if (!branch) throw failure('no-branch');
      const status = await this.git.run([
        'status',
        '--porcelain',
        '-z',
        '--untracked-files=all',
        '--',
        ...record.pages.map((page) => page.path),
      ]);
      if (status !== '') throw failure('uncommitted-change', status.split('\0')[0]!.slice(3));
      const head = (await this.git.resolve('HEAD'))!;
      const done = await publishOnBranch(this.git, this.#records, {
        record,
        recordBlob,
        tip,
        blobs,
        branch,
        head,
        by,
        scheduled,
        at: this.#now().toISOString(),
      });
      this.checks.forget(tip);
      return { ...proposal, state: 'published', updated: done.updated, published: done.published! };
    });
  }

  withdraw(id: string): Promise<Proposal> {
    return this.#oneAtATime(async () => {
      const { record, blob } = await this.#open(id);
      const tip = await this.git.resolve(`refs/heads/${record.branch}`);
      const proposal = this.#proposal(record, tip, new Map());
      if (
        !(await this.git.updateRefs([
          ...(tip ? [`delete refs/heads/${record.branch} ${tip}`] : []),
          `delete ${Records.ref(record.id)} ${blob}`,
        ]))
      ) {
        throw failure(
          'conflict',
          'Someone added to this change at the same moment, so it was not withdrawn. Look at it again first.',
        );
      }
      if (tip) this.checks.forget(tip);
      const { commit: _gone, ...closed } = proposal;
      return { ...closed, state: 'withdrawn', updated: this.#now().toISOString() };
    });
  }

  async schedule(id: string, schedule: Schedule | undefined): Promise<Proposal> {
    await onGit(() => this.#open(id));
    const kept = await onGit(() =>
      this.#records.update(id, ({ schedule: _old, ...record }) => ({
        ...record,
        ...(schedule ? { schedule } : {}),
      })),
    );
    if (!kept)
      throw failure(
        'conflict',
        'The change was published or withdrawn at the same moment, so its time was not changed. Look at it again first.',
      );
    return this.status(id);
  }

  async noteSchedule(id: string, note: NonNullable<Schedule['note']>): Promise<void> {
    await onGit(() =>
      this.#records.update(id, (record) =>
        record.schedule ? { ...record, schedule: { ...record.schedule, note } } : undefined,
      ),
    );
  }

  onLiveNow(proposal: Proposal): Promise<boolean> {
    return onGit(
      async () =>
        Boolean(proposal.commit) &&
        this.git.contains(proposal.commit!, (await this.git.resolve('HEAD'))!),
    );
  }

  freshen(id: string): Promise<void> {
    return this.#oneAtATime(async () => {
      const { record, blob } = await this.#open(id);
      const [tip, head, branch] = await Promise.all([
        this.git.resolve(`refs/heads/${record.branch}`),
        this.git.resolve('HEAD'),
        this.git.run(['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => 'HEAD'),
      ]);
      if (!tip || !head) throw failure('no-such-proposal');
      if (await this.git.contains(tip, head)) return;
      if (
        !(await bringUpToDate(this.git, this.#records, {
          record,
          recordBlob: blob,
          tip,
          head,
          branch,
        }))
      )
        throw moved();
      this.checks.forget(tip);
    });
  }

  history(path: string, page: number): Promise<PageHistory> {
    return onGit(() => localHistory(this.git, path, page));
  }

  version(path: string, commit: string): Promise<{ text: string; blob: string }> {
    return onGit(() => localVersion(this.git, path, commit));
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
   * The change as the API shows it: its checks those of its branch's head commit, `tip`, which are
   * asked for (in the background) when nothing has checked it yet: a new commit, or one this
   * process has not seen. A published change's checks passed.
   */
  #proposal(
    record: LocalRecord,
    tip: string | undefined,
    blobs: ReadonlyMap<string, string>,
  ): Proposal {
    let checks: Proposal['checks'] = { state: record.published ? 'passed' : 'waiting' };
    if (tip && !record.published) {
      const result = record.results[tip];
      const running = this.checks.stateOf(tip);
      if (result) checks = result;
      else if (running) checks = { state: running };
      else this.checks.enqueue(tip, record.base);
    }
    const { id, branch, summary, author, created, updated, published, schedule } = record;
    const pages = record.pages.map((page) => ({
      ...page,
      ...(blobs.has(page.path) ? { blob: blobs.get(page.path)! } : {}),
    }));
    return {
      ...{
        id,
        branch,
        pages,
        summary,
        author,
        created,
        updated,
        url: null,
        state: published ? 'published' : 'open',
        checks,
        preview: { state: 'none' },
        local: true,
      },
      ...(tip && !published ? { commit: tip } : {}),
      ...(published ? { published } : {}),
      ...(schedule ? { schedule } : {}),
    };
  }
}

/** Runs git work, a failure of git answered in its words (500) rather than as a fault. */
async function onGit<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GitError)
      throw failure(
        'git-failed',
        error.stderr.trim().split('\n')[0] || `git ${error.args[0]} stopped (exit ${error.code}).`,
      );
    throw error;
  }
}
