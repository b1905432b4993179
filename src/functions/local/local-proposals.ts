// The local backend of proposals: the project's own git repository stands in for GitHub. A change
// is a real branch content/… with real commits, made with git's plumbing (local-propose.ts), so
// that the working tree, the index and the checked-out branch are never touched while proposing.
// Its checks are `npm run check:change` on its head commit against its base (check-runner.ts),
// over every page it alters. Publishing commits its files on the checked-out branch as one commit,
// once the publish rules let it and none of its files has an uncommitted change, in the same ref
// transaction that deletes its branch and moves its record to refs/published/ (local-publish.ts,
// onto-branch.ts). Proposing, publishing, withdrawing and bringing a change up to date run one at
// a time; each ref transaction names the values it expects, so that a change made meanwhile by
// another process (another scheduled run) makes it fail whole, in words; a check's result kept
// meanwhile moves only the change's record, and the change runs again on the record as it is now
// (record-races.ts). What GitHub keeps on a pull request (summary, who, when, the checks' results,
// the schedule) is kept in git too, beside the branch (records.ts). A page's published versions
// are local-history.ts's.
import type { Deploy, Proposal } from '../../kernel/wire/proposals.ts';
import type { Schedule } from '../../kernel/wire/schedule.ts';
import type { Caller } from '../auth.ts';
import { failure } from '../http.ts';
import {
  PUBLISHED_LISTED,
  openChangeOf,
  type ContentSnapshot,
  type OpenChange,
  type ProposalsBackend,
} from '../proposals/backend.ts';
import { CONTENT_DIR } from '../proposals/base-site.ts';
import type { ChangeFacts } from '../proposals/describe.ts';
import { CheckRunner, type CheckRunnerOptions } from './check-runner.ts';
import { Git, onGit } from './git.ts';
import { localDeploys } from './local-deploys.ts';
import { proposeLocally } from './local-propose.ts';
import { freshenLocally, publishLocally } from './local-publish.ts';
import { localProposal, openRecord, type LocalStore } from './local-store.ts';
import { blobsAt } from './onto-branch.ts';
import { againWhileOnlyTheRecordMoved, Raced } from './record-races.ts';
import { Records, type LocalRecord } from './records.ts';

export interface LocalProposalsOptions {
  /** The repository: PUBLISH_REPOSITORY_DIR, else the project's. */
  dir: string;
  checks?: Omit<CheckRunnerOptions, 'onResult'>;
  now?: () => Date;
}

export class LocalProposals implements ProposalsBackend {
  readonly local = true;
  readonly git: Git;
  readonly checks: CheckRunner;
  readonly #records: Records;
  readonly #now: () => Date;
  /** Texts by blob: a blob's name never changes what it holds. */
  readonly #texts = new Map<string, string>();
  /** The changes (proposing, publishing, withdrawing, bringing up to date), one after another. */
  #changing: Promise<unknown> = Promise.resolve();

  constructor(options: LocalProposalsOptions) {
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
      (await this.#records.all()).map(({ record }) =>
        openChangeOf(record.id, record.summary, record),
      ),
    );
  }

  propose(
    change: ChangeFacts,
    base: ContentSnapshot,
    onto?: Proposal,
  ): Promise<{ proposal: Proposal; added: boolean }> {
    return this.#oneAtATime(() => proposeLocally(this.#store, change, base, onto));
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
          return this.#view(
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
        .map(({ record }) => this.#view(record, undefined, new Map())),
    );
  }

  status(id: string): Promise<Proposal> {
    return onGit(async () => {
      const { record } = await this.#open(id);
      const tip = await this.git.resolve(`refs/heads/${record.branch}`);
      return this.#view(record, tip, tip ? await blobsAt(this.git, tip, record) : new Map());
    });
  }

  publish(id: string, by: Caller, scheduled = false): Promise<Proposal> {
    return this.#oneAtATime(() => publishLocally(this.#store, id, by, scheduled));
  }

  withdraw(id: string): Promise<Proposal> {
    return this.#oneAtATime(async () => {
      const done = await againWhileOnlyTheRecordMoved(this.git, async () => {
        const { record, blob } = await this.#open(id);
        const tip = await this.git.resolve(`refs/heads/${record.branch}`);
        const proposal = this.#view(record, tip, new Map());
        if (
          !(await this.git.updateRefs([
            ...(tip ? [`delete refs/heads/${record.branch} ${tip}`] : []),
            `delete ${Records.ref(record.id)} ${blob}`,
          ]))
        )
          return new Raced({ [`refs/heads/${record.branch}`]: tip });
        if (tip) this.checks.forget(tip);
        const { commit: _gone, ...closed } = proposal;
        return { ...closed, state: 'withdrawn' as const, updated: this.#now().toISOString() };
      });
      if (!done)
        throw failure(
          'conflict',
          'Someone added to this change at the same moment, so it was not withdrawn. Look at it again first.',
        );
      return done;
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
    return this.#oneAtATime(() => freshenLocally(this.#store, id));
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

  /** What proposing and publishing are given of this backend. */
  get #store(): LocalStore {
    return { git: this.git, records: this.#records, checks: this.checks, now: this.#now };
  }

  #view(record: LocalRecord, tip: string | undefined, blobs: ReadonlyMap<string, string>) {
    return localProposal(this.checks, record, tip, blobs);
  }

  #open(id: string): Promise<{ record: LocalRecord; blob: string }> {
    return openRecord(this.#records, id);
  }
}
