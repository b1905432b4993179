// The repository on GitHub, as the GitHub backend reads and writes it: the content at the base
// branch's head, blobs, a file's blob at a commit, whether one commit contains another, commits of
// a change's files, and branches. What never changes under its name (a blob, a tree's listing, a
// file at a commit) is kept for the warm function's life.
import type { Octokit } from 'octokit';
import type { Caller } from '../auth.ts';
import { failure } from '../http.ts';
import type { ContentSnapshot } from '../proposals/backend.ts';
import { CONTENT_DIR } from '../proposals/base-site.ts';
import type { PageChange } from '../proposals/describe.ts';
import type { GitHubSettings } from './client.ts';
import { onGitHub, statusOf } from './failures.ts';

/** Blobs never change under their name: each is fetched once per warm function. */
const blobs = new Map<string, string>();
/** Each content tree's listing, by the tree's name. */
const listings = new Map<string, ReadonlyMap<string, string>>();
/** A file's blob at a commit ("<commit>:<path>"; null where the commit has no such file): a commit never changes. */
const filesAt = new Map<string, string | null>();

export class GitHubRepository {
  readonly repo: { owner: string; repo: string };
  /** The tree of each base commit seen, to build on. */
  readonly #trees = new Map<string, string>();

  constructor(
    readonly octokit: Octokit,
    readonly settings: Pick<GitHubSettings, 'owner' | 'repo' | 'base'>,
    private readonly log: (message: string) => void,
  ) {
    this.repo = { owner: settings.owner, repo: settings.repo };
  }

  snapshot(): Promise<ContentSnapshot> {
    return onGitHub(async () => {
      const { data: branch } = await this.octokit.rest.repos.getBranch({
        ...this.repo,
        branch: this.settings.base,
      });
      const commit = branch.commit.sha;
      const tree = branch.commit.commit.tree.sha;
      this.#trees.set(commit, tree);
      const { data: root } = await this.octokit.rest.git.getTree({ ...this.repo, tree_sha: tree });
      const content = root.tree.find(
        (entry) => entry.path === CONTENT_DIR && entry.type === 'tree',
      );
      if (!content?.sha) return { commit, files: new Map() };
      let files = listings.get(content.sha);
      if (!files) {
        const { data } = await this.octokit.rest.git.getTree({
          ...this.repo,
          tree_sha: content.sha,
          recursive: 'true',
        });
        if (data.truncated) throw new Error(`GitHub listed only part of ${CONTENT_DIR}/.`);
        files = new Map(
          data.tree
            .filter((entry) => entry.type === 'blob' && entry.path && entry.sha)
            .map((entry) => [`${CONTENT_DIR}/${entry.path}`, entry.sha]),
        );
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
              const { data } = await this.octokit.rest.git.getBlob({
                ...this.repo,
                file_sha: name,
              });
              text = Buffer.from(
                data.content,
                data.encoding === 'base64' ? 'base64' : 'utf8',
              ).toString('utf8');
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

  /** The file's blob at a commit (GitHub's contents for that path and ref), its text kept with the blobs; null where the commit has no such file. */
  async fileAt(path: string, commit: string): Promise<string | null> {
    const key = `${commit}:${path}`;
    const known = filesAt.get(key);
    if (known !== undefined) return known;
    let blob: string | null = null;
    try {
      const { data } = await this.octokit.rest.repos.getContent({
        ...this.repo,
        path,
        ref: commit,
      });
      if (!Array.isArray(data) && data.type === 'file') {
        blob = data.sha;
        if ('content' in data && data.encoding === 'base64')
          blobs.set(blob, Buffer.from(data.content, 'base64').toString('utf8'));
      }
    } catch (error) {
      // 404: the commit removed the file (or never had it); 422: no such commit.
      if (statusOf(error) !== 404 && statusOf(error) !== 422) throw error;
    }
    filesAt.set(key, blob);
    return blob;
  }

  /** Whether `commit` is `descendant` or one of its ancestors (GitHub's comparison of the two); false when either is unknown. */
  async contains(descendant: string, commit: string): Promise<boolean> {
    try {
      const { data } = await this.octokit.rest.repos.compareCommits({
        ...this.repo,
        base: commit,
        head: descendant,
        per_page: 1,
      });
      return data.status === 'ahead' || data.status === 'identical';
    } catch (error) {
      if (statusOf(error) === 404 || statusOf(error) === 422) return false;
      throw error;
    }
  }

  /**
   * 409 in words when a page changed on the base branch since the change's branch left it (the
   * file at the merge base of the two, GitHub's compare, is not the base branch's now).
   */
  async unchangedSince(head: string, paths: readonly string[], url: string): Promise<void> {
    const { data: compared } = await this.octokit.rest.repos.compareCommits({
      ...this.repo,
      base: this.settings.base,
      head,
      per_page: 1,
    });
    for (const path of paths) {
      const [then, now] = await Promise.all([
        this.fileAt(path, compared.merge_base_commit.sha),
        this.fileAt(path, compared.base_commit.sha),
      ]);
      if (then !== now) throw failure('changed-on-branch', path, this.settings.base).with({ url });
    }
  }

  /** The tree of a commit: known when it is a base commit seen, else asked. */
  async treeOf(commit: string): Promise<string> {
    return (
      this.#trees.get(commit) ??
      (await this.octokit.rest.git.getCommit({ ...this.repo, commit_sha: commit })).data.tree.sha
    );
  }

  /** A commit of the pages' files on `parent`; `parent` itself when the files are already so. */
  async commitPages(
    parent: string,
    pages: readonly PageChange[],
    message: string,
    author: Caller,
  ): Promise<string> {
    const parentTree = await this.treeOf(parent);
    const tree = pages.map((page) => ({
      path: page.path,
      mode: '100644' as const,
      type: 'blob' as const,
      ...(page.blob ? { sha: page.blob } : { content: page.after }),
    }));
    const { data: made } = await this.octokit.rest.git.createTree({
      ...this.repo,
      base_tree: parentTree,
      tree,
    });
    if (made.sha === parentTree) return parent;
    const who = author.email ? { author: { name: author.name, email: author.email } } : {};
    const { data: commit } = await this.octokit.rest.git.createCommit({
      ...this.repo,
      message,
      tree: made.sha,
      parents: [parent],
      ...who,
    });
    return commit.sha;
  }

  /**
   * The branch, made at the commit: a branch of that name without an open pull request is reused
   * (a proposal that stopped half-way); one with a pull request makes way for "<name>-2", "-3"…
   */
  async newBranch(name: string, commit: string): Promise<string> {
    for (const candidate of [name, ...[2, 3, 4, 5].map((n) => `${name}-${n}`)]) {
      try {
        await this.octokit.rest.git.createRef({
          ...this.repo,
          ref: `refs/heads/${candidate}`,
          sha: commit,
        });
        return candidate;
      } catch (error) {
        if (statusOf(error) !== 422) throw error;
      }
      const { data: pulls } = await this.octokit.rest.pulls.list({
        ...this.repo,
        state: 'open',
        head: `${this.settings.owner}:${candidate}`,
        per_page: 1,
      });
      if (pulls.length === 0) {
        await this.octokit.rest.git.updateRef({
          ...this.repo,
          ref: `heads/${candidate}`,
          sha: commit,
          force: true,
        });
        return candidate;
      }
    }
    throw failure('conflict', `Branches named ${name} already exist, each with its pull request.`);
  }

  async deleteBranch(branch: string): Promise<void> {
    try {
      await this.octokit.rest.git.deleteRef({ ...this.repo, ref: `heads/${branch}` });
    } catch (error) {
      // Already gone (the repository deletes merged branches itself): nothing is left.
      if (statusOf(error) !== 422 && statusOf(error) !== 404)
        this.log(`The branch ${branch} could not be deleted: ${String(error)}`);
    }
  }
}
