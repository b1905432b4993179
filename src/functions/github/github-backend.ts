// The GitHub backend: a proposal is a branch content/<file>-<yyyymmdd-hhmm> from the base branch's
// head, one commit of the one file, and a pull request labelled "content" whose body says which
// page changed, how, and who proposed it (describe.ts). Its checks and preview are those of the
// pull request's head commit (checks.ts). Publishing squash-merges that head commit once its checks
// passed and GitHub agrees, and only while the file on the base branch is as the proposal found it.
// Nothing half-done is left: a branch whose pull request could not be opened is deleted again,
// and a branch of that name left without a pull request is reused; of two proposals of one file
// opened at the same moment, the first pull request stays and the other is closed again.
import type { Octokit } from 'octokit';
import { VERSIONS_PER_PAGE, type PageHistory } from '../../kernel/wire/history.ts';
import type { Deploy, Proposal } from '../../kernel/wire/proposals.ts';
import type { Caller } from '../auth.ts';
import { failure, type ApiFailure } from '../http.ts';
import type { Backend, ContentSnapshot, OpenFile } from '../proposals/backend.ts';
import { CONTENT_DIR } from '../proposals/base-site.ts';
import { branchName, commitMessage, publishMessage, pullRequestBody, readMarker, type ChangeFacts, type ProposalMarker } from '../proposals/describe.ts';
import { historyPage, type FileCommit } from '../history/versions.ts';
import { checksOf, deployOf, failedRun, previewOf, type Annotation, type CheckRun, type CommitStatus } from './checks.ts';
import { githubFailure, githubMessage, onGitHub, statusOf } from './failures.ts';
import type { GitHubSettings } from './client.ts';

/** What the backend reads of a pull request. */
interface Pull {
  number: number;
  title: string;
  body?: string | null;
  state: string;
  merged_at?: string | null;
  merged?: boolean;
  html_url: string;
  created_at: string;
  updated_at: string;
  mergeable?: boolean | null;
  mergeable_state?: string;
  head: { ref: string; sha: string };
}

export const CONTENT_LABEL = 'content';

/** Blobs never change under their name: each is fetched once per warm function. */
const blobs = new Map<string, string>();
/** Each content tree's listing, by the tree's name. */
const listings = new Map<string, ReadonlyMap<string, string>>();
/** A file's blob at a commit ("<commit>:<path>"; null where the commit has no such file): a commit never changes. */
const filesAt = new Map<string, string | null>();

export class GitHubBackend implements Backend {
  readonly local = false;
  readonly #repo: { owner: string; repo: string };
  /** The tree of each base commit seen, to build on. */
  readonly #trees = new Map<string, string>();

  constructor(
    private readonly octokit: Octokit,
    private readonly settings: Pick<GitHubSettings, 'owner' | 'repo' | 'base'>,
    private readonly log: (message: string) => void = console.error,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.#repo = { owner: settings.owner, repo: settings.repo };
  }

  snapshot(): Promise<ContentSnapshot> {
    return onGitHub(async () => {
      const { data: branch } = await this.octokit.rest.repos.getBranch({ ...this.#repo, branch: this.settings.base });
      const commit = branch.commit.sha;
      const tree = branch.commit.commit.tree.sha;
      this.#trees.set(commit, tree);
      const { data: root } = await this.octokit.rest.git.getTree({ ...this.#repo, tree_sha: tree });
      const content = root.tree.find((entry) => entry.path === CONTENT_DIR && entry.type === 'tree');
      if (!content?.sha) return { commit, files: new Map() };
      let files = listings.get(content.sha);
      if (!files) {
        const { data } = await this.octokit.rest.git.getTree({ ...this.#repo, tree_sha: content.sha, recursive: 'true' });
        if (data.truncated) throw new Error(`GitHub listed only part of ${CONTENT_DIR}/.`);
        files = new Map(data.tree.filter((entry) => entry.type === 'blob' && entry.path && entry.sha).map((entry) => [`${CONTENT_DIR}/${entry.path}`, entry.sha!]));
        listings.set(content.sha, files);
      }
      return { commit, files };
    });
  }

  async readBlobs(names: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    await onGitHub(() =>
      Promise.all(
        [...new Set(names)].map(async (name) => {
          let text = blobs.get(name);
          if (text === undefined) {
            try {
              const { data } = await this.octokit.rest.git.getBlob({ ...this.#repo, file_sha: name });
              text = Buffer.from(data.content, data.encoding === 'base64' ? 'base64' : 'utf8').toString('utf8');
            } catch (error) {
              if (statusOf(error) === 404) return;
              throw error;
            }
            blobs.set(name, text);
          }
          found.set(name, text);
        }),
      ),
    );
    return found;
  }

  openProposal(path: string): Promise<OpenFile | undefined> {
    return onGitHub(async () => {
      const open = (await this.#openPulls()).find(({ marker }) => marker.path === path);
      if (!open) return undefined;
      const { pull, marker } = open;
      const blob = await this.#fileAt(path, pull.head.sha);
      return blob === null ? undefined : { id: String(pull.number), author: marker.author, summary: pull.title, updated: pull.updated_at, commit: pull.head.sha, blob };
    });
  }

  propose(change: ChangeFacts, base: ContentSnapshot, onto?: OpenFile): Promise<{ proposal: Proposal; added: boolean }> {
    return onGitHub(async () => {
      if (onto) return { proposal: await this.#addTo(onto, change), added: true };
      const sameFile = async () => (await this.#openPulls()).filter(({ marker }) => marker.path === change.path);
      const [first] = await sameFile();
      if (first) throw failure('conflict', `${first.marker.author} proposed a change to this page at the same moment, so yours was not proposed. Propose it again: it is joined with theirs when the two touch different lines.`);
      const baseTree = this.#trees.get(base.commit) ?? (await this.octokit.rest.git.getCommit({ ...this.#repo, commit_sha: base.commit })).data.tree.sha;
      const commit = await this.#commit(base.commit, baseTree, change);
      const branch = await this.#newBranch(branchName(change.path, this.now()), commit);
      let pull: Pull;
      try {
        ({ data: pull } = await this.octokit.rest.pulls.create({ ...this.#repo, title: change.summary, head: branch, base: this.settings.base, body: pullRequestBody(change) }));
      } catch (error) {
        await this.#deleteBranch(branch);
        throw error;
      }
      // Two proposals of one file opened at the same moment: the first stays, this one goes.
      const earlier = (await sameFile()).find(({ pull: other }) => other.number < pull.number);
      if (earlier) {
        await this.octokit.rest.pulls.update({ ...this.#repo, pull_number: pull.number, state: 'closed' });
        await this.#deleteBranch(branch);
        throw failure('conflict', `${earlier.marker.author} proposed a change to this page at the same moment, so yours was not proposed. Propose it again: it is joined with theirs when the two touch different lines.`);
      }
      try {
        await this.octokit.rest.issues.addLabels({ ...this.#repo, issue_number: pull.number, labels: [CONTENT_LABEL] });
      } catch (error) {
        // The pull request stands without its label, which is for people: it is still a proposal.
        this.log(`The pull request #${pull.number} could not be labelled "${CONTENT_LABEL}": ${String(error)}`);
      }
      return { proposal: await this.#proposal(pull, readMarker(pull.body)!, { state: 'waiting' }, { state: 'none' }), added: false };
    });
  }

  list(): Promise<Proposal[]> {
    return onGitHub(async () => {
      const open = await this.#openPulls();
      const proposals = await Promise.all(open.map(({ pull, marker }) => this.#withStatus(pull, marker)));
      return proposals.sort((a, b) => b.created.localeCompare(a.created));
    });
  }

  status(id: string): Promise<Proposal> {
    return onGitHub(async () => {
      const { pull, marker } = await this.#pull(id);
      return this.#withStatus(pull, marker);
    });
  }

  publish(id: string, by: Caller): Promise<Proposal> {
    return onGitHub(async () => {
      const { pull, marker } = await this.#pull(id);
      const proposal = await this.#withStatus(pull, marker);
      if (proposal.state !== 'open') throw failure('proposal-closed', proposal.state);
      if (proposal.checks.state === 'failed') throw failure('checks-failed', proposal.checks.firstProblem ?? 'no problem was named.');
      if (proposal.checks.state !== 'passed') throw failure('checks-waiting');
      if (pull.mergeable === false) throw failure('not-mergeable', 'it conflicts with changes made to the site since it was proposed.').with({ url: pull.html_url });
      // The file on the base branch as the proposal found it (where they part), or publishing would undo a change made since.
      const { data: compared } = await this.octokit.rest.repos.compareCommits({ ...this.#repo, base: this.settings.base, head: pull.head.sha, per_page: 1 });
      const [then, now] = await Promise.all([this.#fileAt(marker.path, compared.merge_base_commit.sha), this.#fileAt(marker.path, compared.base_commit.sha)]);
      if (then !== now) throw failure('changed-on-branch', marker.path, this.settings.base).with({ url: pull.html_url });
      let merged: { sha?: string };
      try {
        // Only the head commit the checks passed on: GitHub refuses (409) if the branch moved since.
        ({ data: merged } = await this.octokit.rest.pulls.merge({
          ...this.#repo,
          pull_number: pull.number,
          merge_method: 'squash',
          sha: pull.head.sha,
          commit_title: `${pull.title} (#${pull.number})`,
          commit_message: publishMessage({ ...marker, summary: pull.title }, marker.author, by),
        }));
      } catch (error) {
        // Published by someone else a moment ago: say so rather than GitHub's "not mergeable".
        if (statusOf(error) === 405 && (await this.octokit.rest.pulls.get({ ...this.#repo, pull_number: pull.number })).data.merged) throw failure('proposal-closed', 'published');
        throw mergeFailure(error, pull);
      }
      await this.#deleteBranch(pull.head.ref);
      const at = this.now().toISOString();
      return { ...proposal, state: 'published', updated: at, ...(merged.sha ? { published: { commit: merged.sha, at } } : {}) };
    });
  }

  withdraw(id: string): Promise<Proposal> {
    return onGitHub(async () => {
      const { pull, marker } = await this.#pull(id);
      if (pull.state !== 'open') throw failure('proposal-closed', pull.merged_at ? 'published' : 'withdrawn');
      const { data: closed } = await this.octokit.rest.pulls.update({ ...this.#repo, pull_number: pull.number, state: 'closed' });
      await this.#deleteBranch(pull.head.ref);
      return { ...(await this.#proposal(closed, marker, { state: 'waiting' }, { state: 'none' })), state: 'withdrawn' };
    });
  }

  history(path: string, page: number): Promise<PageHistory> {
    return onGitHub(async () => {
      // The commits that changed the file on the base branch (GitHub's, for that path), and the one before the page's last.
      const query = { ...this.#repo, sha: this.settings.base, path };
      const { data } = await this.octokit.rest.repos.listCommits({ ...query, per_page: VERSIONS_PER_PAGE, page });
      const next = data.length === VERSIONS_PER_PAGE ? (await this.octokit.rest.repos.listCommits({ ...query, per_page: 1, page: page * VERSIONS_PER_PAGE + 1 })).data : [];
      const listed = [...data, ...next];
      const blobsAt = await Promise.all(listed.map(({ sha }) => this.#fileAt(path, sha)));
      const texts = await this.readBlobs(blobsAt.filter((blob): blob is string => blob !== null));
      const commits = listed.map(({ sha, commit, author }, i): FileCommit => ({
        commit: sha,
        when: commit.committer?.date ?? commit.author?.date ?? '',
        author: commit.author?.name ?? author?.login ?? 'someone',
        message: commit.message,
        ...(blobsAt[i] ? { blob: blobsAt[i] } : {}),
      }));
      return historyPage(path, page, commits, texts);
    });
  }

  version(path: string, commit: string): Promise<{ text: string; blob: string }> {
    return onGitHub(async () => {
      const blob = await this.#fileAt(path, commit);
      const text = blob === null ? undefined : (await this.readBlobs([blob])).get(blob);
      if (blob === null || text === undefined) throw failure('no-such-version', path);
      return { text, blob };
    });
  }

  deploy(commit: string, live: string | undefined): Promise<Deploy> {
    return onGitHub(async () => {
      if (live && (live === commit || (await this.#contains(live, commit)))) return { commit, state: 'live' };
      let statuses: CommitStatus[];
      try {
        statuses = (await this.octokit.rest.repos.getCombinedStatusForRef({ ...this.#repo, ref: commit, per_page: 100 })).data.statuses as CommitStatus[];
      } catch (error) {
        if (statusOf(error) === 404 || statusOf(error) === 422) throw failure('no-such-commit');
        throw error;
      }
      // Netlify's own commit status on the published commit: its deploy, and the link to its log.
      return { commit, ...deployOf(statuses) };
    });
  }

  /** Whether `commit` is `descendant` or one of its ancestors (GitHub's comparison of the two); false when either is unknown. */
  async #contains(descendant: string, commit: string): Promise<boolean> {
    try {
      const { data } = await this.octokit.rest.repos.compareCommits({ ...this.#repo, base: commit, head: descendant, per_page: 1 });
      return data.status === 'ahead' || data.status === 'identical';
    } catch (error) {
      if (statusOf(error) === 404 || statusOf(error) === 422) return false;
      throw error;
    }
  }

  /** The file's blob at a commit (GitHub's contents for that path and ref), its text kept with the blobs; null where the commit has no such file. */
  async #fileAt(path: string, commit: string): Promise<string | null> {
    const key = `${commit}:${path}`;
    const known = filesAt.get(key);
    if (known !== undefined) return known;
    let blob: string | null = null;
    try {
      const { data } = await this.octokit.rest.repos.getContent({ ...this.#repo, path, ref: commit });
      if (!Array.isArray(data) && data.type === 'file') {
        blob = data.sha;
        if ('content' in data && data.encoding === 'base64') blobs.set(blob, Buffer.from(data.content, 'base64').toString('utf8'));
      }
    } catch (error) {
      // 404: the commit removed the file (or never had it); 422: no such commit.
      if (statusOf(error) !== 404 && statusOf(error) !== 422) throw error;
    }
    filesAt.set(key, blob);
    return blob;
  }

  /** The open pull requests the builder made: their branch is content/…, and their body carries the proposal's facts. */
  async #openPulls(): Promise<{ pull: Pull; marker: ProposalMarker }[]> {
    const { data } = await this.octokit.rest.pulls.list({ ...this.#repo, state: 'open', base: this.settings.base, per_page: 100 });
    return data.flatMap((pull) => {
      const marker = pull.head.ref.startsWith('content/') ? readMarker(pull.body) : undefined;
      return marker ? [{ pull, marker }] : [];
    });
  }

  async #pull(id: string): Promise<{ pull: Pull; marker: ProposalMarker }> {
    if (!/^\d{1,9}$/.test(id)) throw failure('no-such-proposal');
    let pull: Pull;
    try {
      ({ data: pull } = await this.octokit.rest.pulls.get({ ...this.#repo, pull_number: Number(id) }));
    } catch (error) {
      if (statusOf(error) === 404) throw failure('no-such-proposal');
      throw error;
    }
    const marker = pull.head.ref.startsWith('content/') ? readMarker(pull.body) : undefined;
    if (!marker) throw failure('no-such-proposal');
    return { pull, marker };
  }

  /** The open proposal's branch, with a commit of the new version on its head as `onto` read it (refused when the branch moved since); its body says what it now changes. */
  async #addTo(onto: OpenFile, change: ChangeFacts): Promise<Proposal> {
    const { pull, marker } = await this.#pull(onto.id);
    if (pull.state !== 'open') throw failure('proposal-closed', pull.merged_at ? 'published' : 'withdrawn');
    const moved = () => failure('conflict', 'Someone added to this proposal at the same moment, so your version was not added. Propose it again: it is joined with theirs when the two touch different lines.');
    if (pull.head.sha !== onto.commit) throw moved();
    const { data: head } = await this.octokit.rest.git.getCommit({ ...this.#repo, commit_sha: onto.commit });
    const commit = await this.#commit(onto.commit, head.tree.sha, change);
    if (commit === onto.commit) return this.#withStatus(pull, marker);
    try {
      // Not forced: GitHub moves the branch only from the commit this one was made on.
      await this.octokit.rest.git.updateRef({ ...this.#repo, ref: `heads/${pull.head.ref}`, sha: commit, force: false });
    } catch (error) {
      if (statusOf(error) === 422) throw moved();
      throw error;
    }
    // Still the first proposer's pull request (each commit names who added it), saying what it now changes.
    const { data: updated } = await this.octokit.rest.pulls.update({ ...this.#repo, pull_number: pull.number, body: pullRequestBody({ ...change, author: { uid: '', name: marker.author } }) });
    return this.#proposal(updated, readMarker(updated.body) ?? marker, { state: 'waiting' }, { state: 'none' });
  }

  /** A commit of the change's file on `parent`; `parent` itself when the file is already so. */
  async #commit(parent: string, parentTree: string, change: ChangeFacts): Promise<string> {
    const { data: tree } = await this.octokit.rest.git.createTree({ ...this.#repo, base_tree: parentTree, tree: [{ path: change.path, mode: '100644', type: 'blob', content: change.after }] });
    if (tree.sha === parentTree) return parent;
    const author = change.author.email ? { author: { name: change.author.name, email: change.author.email } } : {};
    const { data: commit } = await this.octokit.rest.git.createCommit({ ...this.#repo, message: commitMessage(change), tree: tree.sha, parents: [parent], ...author });
    return commit.sha;
  }

  /**
   * The branch, made at the commit: a branch of that name without an open pull request is reused
   * (a proposal that stopped half-way); one with a pull request makes way for "<name>-2", "-3"…
   */
  async #newBranch(name: string, commit: string): Promise<string> {
    for (const candidate of [name, ...[2, 3, 4, 5].map((n) => `${name}-${n}`)]) {
      try {
        await this.octokit.rest.git.createRef({ ...this.#repo, ref: `refs/heads/${candidate}`, sha: commit });
        return candidate;
      } catch (error) {
        if (statusOf(error) !== 422) throw error;
      }
      const { data: pulls } = await this.octokit.rest.pulls.list({ ...this.#repo, state: 'open', head: `${this.settings.owner}:${candidate}`, per_page: 1 });
      if (pulls.length === 0) {
        await this.octokit.rest.git.updateRef({ ...this.#repo, ref: `heads/${candidate}`, sha: commit, force: true });
        return candidate;
      }
    }
    throw failure('conflict', `Branches named ${name} already exist, each with its pull request.`);
  }

  async #deleteBranch(branch: string): Promise<void> {
    try {
      await this.octokit.rest.git.deleteRef({ ...this.#repo, ref: `heads/${branch}` });
    } catch (error) {
      // Already gone (the repository deletes merged branches itself): nothing is left.
      if (statusOf(error) !== 422 && statusOf(error) !== 404) this.log(`The branch ${branch} could not be deleted: ${String(error)}`);
    }
  }

  /** The proposal with its head commit's checks and preview. */
  async #withStatus(pull: Pull, marker: ProposalMarker): Promise<Proposal> {
    const ref = pull.head.sha;
    const [{ data: runs }, { data: combined }] = await Promise.all([
      this.octokit.rest.checks.listForRef({ ...this.#repo, ref, per_page: 100 }),
      this.octokit.rest.repos.getCombinedStatusForRef({ ...this.#repo, ref, per_page: 100 }),
    ]);
    const failed = failedRun(runs.check_runs as CheckRun[]);
    const annotations = failed ? ((await this.octokit.rest.checks.listAnnotations({ ...this.#repo, check_run_id: failed.id, per_page: 50 })).data as Annotation[]) : [];
    return this.#proposal(pull, marker, checksOf(runs.check_runs as CheckRun[], annotations), previewOf(combined.statuses as CommitStatus[]));
  }

  /** The proposal as the API shows it, with its head commit and the file's blob there while it is open. */
  async #proposal(pull: Pull, marker: ProposalMarker, checks: Proposal['checks'], preview: Proposal['preview']): Promise<Proposal> {
    const state = pull.merged_at || pull.merged ? 'published' : pull.state === 'open' ? 'open' : 'withdrawn';
    const blob = state === 'open' ? await this.#fileAt(marker.path, pull.head.sha) : null;
    return {
      id: String(pull.number),
      branch: pull.head.ref,
      path: marker.path,
      ...(marker.route ? { route: marker.route } : {}),
      page: marker.page,
      summary: pull.title,
      author: marker.author,
      created: pull.created_at,
      updated: pull.updated_at,
      url: pull.html_url,
      state,
      checks,
      preview,
      local: false,
      ...(blob ? { commit: pull.head.sha, blob } : {}),
    };
  }
}

/** GitHub's refusal to merge, in words: a review the repository requires, or its own reason. */
function mergeFailure(error: unknown, pull: Pull): ApiFailure | unknown {
  const status = statusOf(error);
  const reason = githubMessage(error);
  if (status === 405 && /review/i.test(reason)) return failure('review-required', reason).with({ reviewRequired: true, url: pull.html_url });
  if (status === 405) return failure('not-mergeable', reason).with({ url: pull.html_url });
  if (status === 409) return failure('conflict', `The proposal changed while it was being published. GitHub says: ${reason}`);
  return githubFailure(error);
}
