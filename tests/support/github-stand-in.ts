// A local stand-in for the part of GitHub's REST API the GitHub backends use
// (src/functions/github/github-proposals.ts, github-history.ts), answering with the shapes GitHub
// documents, errors included: one repository in memory (blobs named as git names them, trees,
// commits, branches),
// its pull requests and labels, the check runs, annotations and commit statuses a test sets, a
// file's history (the commits that changed it, and its contents at any commit), how two commits
// compare (which contains which, and their merge base), and an App
// installation's token, the squash merge of a pull request (what it changed since it left the base
// branch, on the base branch's head) and its "Update branch" (the base merged into it). A test
// makes any request fail the way GitHub fails (`failNext`),
// and reads what was asked (`requests`). It covers these endpoints only, with the fields the
// backend reads and a few beside them: it is not GitHub.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gitBlobOf } from '../../src/generator/emit/builder-files.ts';

export interface StandInPull {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  merged: boolean;
  head: string;
  base: string;
  labels: string[];
  mergeable: boolean | null;
  created: string;
  /** The squashed commit on the base branch, once merged. */
  mergeCommit?: string;
}

interface Failure {
  method: string;
  path: RegExp;
  status: number;
  body: unknown;
  headers: Record<string, string>;
  times: number;
}

type Tree = Map<string, string>;
const OWNER = 'ardent';
const REPO = 'site';

export interface StandIn {
  url: string;
  owner: string;
  repo: string;
  token: string;
  blobs: Map<string, string>;
  branches: Map<string, string>;
  pulls: Map<number, StandInPull>;
  commits: Map<
    string,
    {
      tree: string;
      parents: string[];
      message: string;
      author?: { name: string; email: string };
      date: string;
    }
  >;
  checkRuns: Map<string, object[]>;
  annotations: Map<number, object[]>;
  statuses: Map<string, object[]>;
  /** What the next merge answers: 200, or GitHub's refusal. `failNext` with status 0 never answers. */
  merge: { status: number; message?: string };
  requests: {
    method: string;
    path: string;
    body: Record<string, unknown>;
    authorization: string;
  }[];
  /** The file at a branch's head. */
  fileAt(branch: string, path: string): string | undefined;
  /** A commit on a branch's head, as a merge or a developer's push makes it: each file given its new text, or removed (null). */
  commit(
    branch: string,
    files: Record<string, string | null>,
    message: string,
    author?: { name: string; email: string },
  ): string;
  failNext(
    method: string,
    path: RegExp,
    answer: { status: number; body?: unknown; headers?: Record<string, string> },
    times?: number,
  ): void;
  /** Accepts an App's JWTs signed by this public key, for this installation. */
  acceptApp(appId: string, publicKey: string, installationId: number): void;
  close(): Promise<void>;
}

export async function startGitHubStandIn(files: Record<string, string>): Promise<StandIn> {
  const trees = new Map<string, Tree>();
  const treeOf = (entries: Tree): string => {
    const sha = createHash('sha1')
      .update(JSON.stringify([...entries].sort()))
      .digest('hex');
    trees.set(sha, entries);
    return sha;
  };
  const blobs = new Map<string, string>();
  const blobOf = (text: string) => {
    const sha = gitBlobOf(text);
    blobs.set(sha, text);
    return sha;
  };
  let serial = 0;
  const commits: StandIn['commits'] = new Map();
  const commitOf = (
    tree: string,
    parents: string[],
    message: string,
    author?: { name: string; email: string },
  ) => {
    const sha = createHash('sha1')
      .update(`${tree}${parents.join()}${message}${(serial += 1)}`)
      .digest('hex');
    // A minute apart, in order.
    commits.set(sha, {
      tree,
      parents,
      message,
      ...(author ? { author } : {}),
      date: new Date(Date.UTC(2031, 0, 1) + serial * 60_000).toISOString(),
    });
    return sha;
  };
  const blobAt = (commit: string, path: string) => trees.get(commits.get(commit)!.tree)!.get(path);
  const ancestry = (sha: string) => {
    const seen: string[] = [];
    for (const queue = [sha]; queue.length > 0;) {
      const next = queue.shift()!;
      if (seen.includes(next)) continue;
      seen.push(next);
      queue.push(...commits.get(next)!.parents);
    }
    return seen;
  };
  const mergeBaseOf = (a: string, b: string) =>
    ancestry(b).find((sha) => ancestry(a).includes(sha));
  /** The tree of `onto` with what `from` changed since their merge base: a merge, as GitHub makes one where the two touch different files. */
  const mergedTree = (onto: string, from: string) => {
    const base = trees.get(commits.get(mergeBaseOf(onto, from)!)!.tree)!;
    const theirs = trees.get(commits.get(from)!.tree)!;
    const next = new Map(trees.get(commits.get(onto)!.tree)!);
    for (const path of new Set([...base.keys(), ...theirs.keys()])) {
      if (base.get(path) === theirs.get(path)) continue;
      if (theirs.has(path)) next.set(path, theirs.get(path)!);
      else next.delete(path);
    }
    return treeOf(next);
  };
  const commitJson = (sha: string) => {
    const commit = commits.get(sha)!;
    const who = commit.author ?? {
      name: 'ardent-publisher[bot]',
      email: 'bot@users.noreply.github.com',
    };
    return {
      sha,
      commit: {
        author: { ...who, date: commit.date },
        committer: { name: 'GitHub', email: 'noreply@github.com', date: commit.date },
        message: commit.message,
        tree: { sha: commit.tree },
      },
      author: commit.author ? null : { login: 'ardent-publisher[bot]' },
      parents: commit.parents.map((parent) => ({ sha: parent })),
    };
  };
  const main = commitOf(
    treeOf(new Map(Object.entries(files).map(([path, text]) => [path, blobOf(text)]))),
    [],
    'The site as it is',
  );
  let app: { appId: string; publicKey: string; installationId: number } | undefined;
  const issued = new Set<string>();
  const failures: Failure[] = [];
  const pulls = new Map<number, StandInPull>();
  const standIn: StandIn = {
    url: '',
    close: async () => {},
    owner: OWNER,
    repo: REPO,
    token: 'github_pat_stand_in',
    blobs,
    branches: new Map([['main', main]]),
    pulls,
    commits,
    checkRuns: new Map(),
    annotations: new Map(),
    statuses: new Map(),
    merge: { status: 200 },
    requests: [],
    fileAt: (branch: string, path: string) => {
      const head = standIn.branches.get(branch);
      const blob = head && trees.get(commits.get(head)!.tree)!.get(path);
      return blob && blobs.get(blob);
    },
    commit: (
      branch: string,
      changes: Record<string, string | null>,
      message: string,
      author?: { name: string; email: string },
    ) => {
      const head = standIn.branches.get(branch)!;
      const next = new Map(trees.get(commits.get(head)!.tree)!);
      for (const [path, text] of Object.entries(changes)) {
        if (text === null) next.delete(path);
        else next.set(path, blobOf(text));
      }
      const sha = commitOf(treeOf(next), [head], message, author);
      standIn.branches.set(branch, sha);
      return sha;
    },
    failNext: (
      method: string,
      path: RegExp,
      refusal: { status: number; body?: unknown; headers?: Record<string, string> },
      times = 1,
    ) =>
      void failures.push({
        method,
        path,
        status: refusal.status,
        body: refusal.body ?? { message: 'Server Error' },
        headers: refusal.headers ?? {},
        times,
      }),
    acceptApp: (appId: string, publicKey: string, installationId: number) =>
      void (app = { appId, publicKey, installationId }),
  };

  const pullJson = (pull: StandInPull) => ({
    url: `https://api.github.com/repos/${OWNER}/${REPO}/pulls/${pull.number}`,
    html_url: `https://github.com/${OWNER}/${REPO}/pull/${pull.number}`,
    number: pull.number,
    state: pull.state,
    title: pull.title,
    body: pull.body,
    labels: pull.labels.map((name) => ({ name })),
    created_at: pull.created,
    updated_at: pull.created,
    merged_at: pull.merged ? new Date().toISOString() : null,
    merged: pull.merged,
    merge_commit_sha: pull.mergeCommit ?? null,
    mergeable: pull.mergeable,
    mergeable_state: pull.mergeable === false ? 'dirty' : 'clean',
    head: {
      ref: pull.head,
      sha: standIn.branches.get(pull.head) ?? '0'.repeat(40),
      label: `${OWNER}:${pull.head}`,
    },
    base: { ref: pull.base, sha: standIn.branches.get(pull.base) },
    user: { login: 'ardent-publisher[bot]' },
  });

  /** A tree as GitHub lists it: its own entries, or (recursive) every entry under it. */
  const listTree = (entries: Tree, recursive: boolean) => {
    const out: { path: string; mode: string; type: string; sha: string }[] = [];
    const dirs = new Map<string, Tree>();
    for (const [path, sha] of entries) {
      const [first, ...rest] = path.split('/');
      if (rest.length === 0 || recursive) out.push({ path, mode: '100644', type: 'blob', sha });
      if (rest.length > 0) {
        const dir = dirs.get(first!) ?? new Map();
        dir.set(rest.join('/'), sha);
        dirs.set(first!, dir);
      }
    }
    for (const [name, dir] of dirs)
      out.push({ path: name, mode: '040000', type: 'tree', sha: treeOf(dir) });
    return out;
  };

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, 'http://stand-in');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body =
      chunks.length > 0
        ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
        : {};
    const authorization = req.headers.authorization ?? '';
    standIn.requests.push({ method: req.method!, path: url.pathname, body, authorization });
    const send = (status: number, data?: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'x-github-request-id': `stand-in-${standIn.requests.length}`,
        ...headers,
      });
      res.end(data === undefined ? undefined : JSON.stringify(data));
    };
    const failure = failures.find(
      (one) => one.method === req.method && one.path.test(url.pathname),
    );
    if (failure) {
      failure.times -= 1;
      if (failure.times === 0) failures.splice(failures.indexOf(failure), 1);
      // Status 0: no answer at all, as when GitHub does not answer in time.
      if (failure.status === 0) return;
      return send(failure.status, failure.body, failure.headers);
    }
    if (
      req.method === 'POST' &&
      /^\/app\/installations\/(\d+)\/access_tokens$/.test(url.pathname)
    ) {
      const jwt = /^Bearer (.+)$/i.exec(authorization)?.[1]?.split('.');
      const valid =
        app &&
        jwt?.length === 3 &&
        verify(
          'sha256',
          Buffer.from(`${jwt[0]}.${jwt[1]}`),
          createPublicKey(app.publicKey),
          Buffer.from(jwt[2]!, 'base64url'),
        );
      const claims = valid
        ? (JSON.parse(Buffer.from(jwt![1]!, 'base64url').toString('utf8')) as { iss?: unknown })
        : {};
      if (
        !valid ||
        String(claims.iss) !== app!.appId ||
        url.pathname !== `/app/installations/${app!.installationId}/access_tokens`
      )
        return send(401, {
          message: 'A JSON web token could not be decoded',
          documentation_url: 'https://docs.github.com/rest',
        });
      const token = `ghs_installation_${issued.size + 1}`;
      issued.add(token);
      return send(201, {
        token,
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
        permissions: {
          contents: 'write',
          pull_requests: 'write',
          checks: 'read',
          statuses: 'read',
        },
        repository_selection: 'selected',
      });
    }
    const given = /^(?:token|Bearer) (.+)$/i.exec(authorization)?.[1];
    if (given !== standIn.token && !issued.has(given ?? ''))
      return send(401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
      });
    const repoPath = url.pathname.replace(`/repos/${OWNER}/${REPO}`, '');
    if (repoPath === url.pathname) return send(404, { message: 'Not Found' });
    const route = (method: string, pattern: RegExp) =>
      req.method === method ? pattern.exec(decodeURIComponent(repoPath)) : null;
    let found: RegExpExecArray | null;

    if ((found = route('GET', /^\/branches\/(.+)$/))) {
      const sha = standIn.branches.get(found[1]!);
      if (!sha) return send(404, { message: 'Branch not found' });
      return send(200, {
        name: found[1],
        commit: {
          sha,
          commit: { tree: { sha: commits.get(sha)!.tree }, message: commits.get(sha)!.message },
        },
        protected: true,
      });
    }
    if ((found = route('GET', /^\/git\/trees\/(\w+)$/))) {
      const tree = trees.get(found[1]!);
      if (!tree) return send(404, { message: 'Not Found' });
      return send(200, {
        sha: found[1],
        url: '',
        tree: listTree(tree, url.searchParams.has('recursive')),
        truncated: false,
      });
    }
    if ((found = route('GET', /^\/git\/blobs\/(\w+)$/))) {
      const text = blobs.get(found[1]!);
      if (text === undefined) return send(404, { message: 'Not Found' });
      return send(200, {
        sha: found[1],
        size: Buffer.byteLength(text),
        encoding: 'base64',
        content: Buffer.from(text)
          .toString('base64')
          .replace(/(.{60})/g, '$1\n'),
      });
    }
    if ((found = route('GET', /^\/git\/commits\/(\w+)$/))) {
      const commit = commits.get(found[1]!);
      if (!commit) return send(404, { message: 'Not Found' });
      return send(200, {
        sha: found[1],
        tree: { sha: commit.tree },
        parents: commit.parents.map((sha) => ({ sha })),
        message: commit.message,
      });
    }
    if (route('POST', /^\/git\/trees$/)) {
      const base = trees.get(String(body.base_tree));
      if (!base) return send(422, { message: 'Invalid tree info' });
      const next = new Map(base);
      for (const entry of body.tree as { path: string; content?: string; sha?: string }[]) {
        if (entry.sha !== undefined && !blobs.has(entry.sha))
          return send(422, { message: 'tree.sha is not a valid blob' });
        next.set(entry.path, entry.sha ?? blobOf(entry.content!));
      }
      return send(201, { sha: treeOf(next), tree: [], truncated: false });
    }
    if (route('POST', /^\/git\/commits$/)) {
      const sha = commitOf(
        String(body.tree),
        body.parents as string[],
        String(body.message),
        body.author as { name: string; email: string } | undefined,
      );
      return send(201, {
        sha,
        tree: { sha: body.tree },
        message: body.message,
        parents: (body.parents as string[]).map((parent) => ({ sha: parent })),
      });
    }
    if (route('POST', /^\/git\/refs$/)) {
      const name = String(body.ref).replace(/^refs\/heads\//, '');
      if (standIn.branches.has(name))
        return send(422, {
          message: 'Reference already exists',
          documentation_url: 'https://docs.github.com/rest/git/refs#create-a-reference',
        });
      standIn.branches.set(name, String(body.sha));
      return send(201, { ref: body.ref, object: { sha: body.sha, type: 'commit' } });
    }
    if ((found = route('PATCH', /^\/git\/refs\/heads\/(.+)$/))) {
      const current = standIn.branches.get(found[1]!);
      if (!current) return send(422, { message: 'Reference does not exist' });
      if (!body.force && !commits.get(String(body.sha))?.parents.includes(current))
        return send(422, { message: 'Update is not a fast forward' });
      standIn.branches.set(found[1]!, String(body.sha));
      return send(200, {
        ref: `refs/heads/${found[1]}`,
        object: { sha: body.sha, type: 'commit' },
      });
    }
    if ((found = route('DELETE', /^\/git\/refs\/heads\/(.+)$/))) {
      if (!standIn.branches.delete(found[1]!))
        return send(422, { message: 'Reference does not exist' });
      return send(204);
    }
    if (route('GET', /^\/pulls$/)) {
      const head = url.searchParams.get('head');
      const list = [...pulls.values()].filter(
        (pull) =>
          pull.state === url.searchParams.get('state') &&
          (!head || `${OWNER}:${pull.head}` === head) &&
          (!url.searchParams.get('base') || pull.base === url.searchParams.get('base')),
      );
      // sort=updated&direction=desc: the newest first (the stand-in's pull requests change in the order they were made).
      if (url.searchParams.get('direction') === 'desc') list.reverse();
      return send(200, list.map(pullJson));
    }
    if (route('POST', /^\/pulls$/)) {
      const number = pulls.size + 1;
      const pull: StandInPull = {
        number,
        title: String(body.title),
        body: String(body.body),
        state: 'open',
        merged: false,
        head: String(body.head),
        base: String(body.base),
        labels: [],
        mergeable: true,
        created: new Date(Date.UTC(2031, 5, 15, 9, 30 + number)).toISOString(),
      };
      pulls.set(number, pull);
      return send(201, pullJson(pull));
    }
    if ((found = route('GET', /^\/pulls\/(\d+)$/))) {
      const pull = pulls.get(Number(found[1]));
      return pull ? send(200, pullJson(pull)) : send(404, { message: 'Not Found' });
    }
    if ((found = route('PATCH', /^\/pulls\/(\d+)$/))) {
      const pull = pulls.get(Number(found[1]));
      if (!pull) return send(404, { message: 'Not Found' });
      if (typeof body.body === 'string') pull.body = body.body;
      if (body.state === 'closed') pull.state = 'closed';
      return send(200, pullJson(pull));
    }
    if ((found = route('PUT', /^\/pulls\/(\d+)\/merge$/))) {
      const pull = pulls.get(Number(found[1]))!;
      if (pull.merged || pull.state !== 'open')
        return send(405, {
          message: 'Pull Request is not mergeable',
          documentation_url: 'https://docs.github.com/rest/pulls/pulls#merge-a-pull-request',
        });
      if (standIn.merge.status !== 200)
        return send(standIn.merge.status, {
          message: standIn.merge.message,
          documentation_url: 'https://docs.github.com/rest/pulls/pulls#merge-a-pull-request',
        });
      if (body.sha !== standIn.branches.get(pull.head))
        return send(409, { message: 'Head branch was modified. Review and try the merge again.' });
      // Squashed: one commit on the base branch, of what the pull request changed since it left it.
      const merged = commitOf(
        mergedTree(standIn.branches.get(pull.base)!, standIn.branches.get(pull.head)!),
        [standIn.branches.get(pull.base)!],
        `${body.commit_title}\n\n${body.commit_message}`,
      );
      standIn.branches.set(pull.base, merged);
      pull.mergeCommit = merged;
      pull.merged = true;
      pull.state = 'closed';
      return send(200, {
        sha: standIn.branches.get(pull.base),
        merged: true,
        message: 'Pull Request successfully merged',
      });
    }
    if ((found = route('PUT', /^\/pulls\/(\d+)\/update-branch$/))) {
      // GitHub's "Update branch": the base branch merged into the pull request's, from the head named.
      const pull = pulls.get(Number(found[1]));
      if (!pull || pull.state !== 'open') return send(422, { message: 'Pull request is not open' });
      const head = standIn.branches.get(pull.head)!;
      if (body.expected_head_sha !== undefined && body.expected_head_sha !== head)
        return send(422, {
          message: "expected_head_sha doesn't match the head of the pull request",
        });
      const base = standIn.branches.get(pull.base)!;
      standIn.branches.set(
        pull.head,
        commitOf(
          mergedTree(head, base),
          [head, base],
          `Merge branch '${pull.base}' into ${pull.head}`,
        ),
      );
      return send(202, {
        message: 'Updating pull request branch.',
        url: `https://github.com/${OWNER}/${REPO}/pull/${pull.number}`,
      });
    }
    if ((found = route('POST', /^\/issues\/(\d+)\/labels$/))) {
      const pull = pulls.get(Number(found[1]))!;
      pull.labels.push(...(body.labels as string[]));
      return send(
        200,
        pull.labels.map((name, id) => ({ id, name, color: 'ededed' })),
      );
    }
    if (route('GET', /^\/commits$/)) {
      // The commits that changed a file, newest first, following first parents from the branch (a linear history).
      const path = url.searchParams.get('path');
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      const page = Number(url.searchParams.get('page') ?? 1);
      const history: string[] = [];
      for (
        let sha = standIn.branches.get(url.searchParams.get('sha') ?? 'main');
        sha;
        sha = commits.get(sha)!.parents[0]
      ) {
        const parent = commits.get(sha)!.parents[0];
        if (!path || blobAt(sha, path) !== (parent ? blobAt(parent, path) : undefined))
          history.push(sha);
      }
      const shown = history.slice((page - 1) * perPage, page * perPage);
      const link: Record<string, string> =
        page * perPage < history.length
          ? { link: `<${standIn.url}/repos/${OWNER}/${REPO}/commits?page=${page + 1}>; rel="next"` }
          : {};
      return send(200, shown.map(commitJson), link);
    }
    if ((found = route('GET', /^\/contents\/(.+)$/))) {
      const ref = url.searchParams.get('ref') ?? 'main';
      const commit = commits.has(ref) ? ref : standIn.branches.get(ref);
      if (!commit)
        return send(404, {
          message: `No commit found for the ref ${ref}`,
          documentation_url: 'https://docs.github.com/rest/repos/contents#get-repository-content',
        });
      const blob = blobAt(commit, found[1]!);
      if (!blob)
        return send(404, {
          message: 'Not Found',
          documentation_url: 'https://docs.github.com/rest/repos/contents#get-repository-content',
        });
      const text = blobs.get(blob)!;
      return send(200, {
        type: 'file',
        encoding: 'base64',
        size: Buffer.byteLength(text),
        name: found[1]!.split('/').pop(),
        path: found[1],
        sha: blob,
        content: Buffer.from(text)
          .toString('base64')
          .replace(/(.{60})/g, '$1\n'),
      });
    }
    if ((found = route('GET', /^\/compare\/([^.]+)\.\.\.(.+)$/))) {
      // How two commits (or branches) stand: head ahead of base, behind it, the same, or diverged from their merge base.
      const [baseSha, headSha] = [found[1]!, found[2]!].map((ref) =>
        commits.has(ref) ? ref : standIn.branches.get(ref),
      );
      if (!baseSha || !headSha)
        return send(404, {
          message: 'Not Found',
          documentation_url: 'https://docs.github.com/rest/commits/commits#compare-two-commits',
        });
      const [ofBase, ofHead] = [ancestry(baseSha), ancestry(headSha)];
      const mergeBase = ofHead.find((sha) => ofBase.includes(sha));
      const status =
        baseSha === headSha
          ? 'identical'
          : ofHead.includes(baseSha)
            ? 'ahead'
            : ofBase.includes(headSha)
              ? 'behind'
              : 'diverged';
      return send(200, {
        status,
        base_commit: { sha: baseSha },
        merge_base_commit: { sha: mergeBase },
        ahead_by: ofHead.filter((sha) => !ofBase.includes(sha)).length,
        behind_by: ofBase.filter((sha) => !ofHead.includes(sha)).length,
        commits: [],
        files: [],
      });
    }
    if ((found = route('GET', /^\/commits\/(\w+)\/check-runs$/))) {
      const runs = standIn.checkRuns.get(found[1]!) ?? [];
      return send(200, { total_count: runs.length, check_runs: runs });
    }
    if ((found = route('GET', /^\/commits\/(\w+)\/status$/))) {
      if (!commits.has(found[1]!) && !standIn.branches.has(found[1]!))
        return send(422, {
          message: `No commit found for SHA: ${found[1]}`,
          documentation_url:
            'https://docs.github.com/rest/commits/statuses#get-the-combined-status-for-a-specific-reference',
        });
      const statuses = standIn.statuses.get(found[1]!) ?? [];
      return send(200, {
        state: statuses.length === 0 ? 'pending' : 'success',
        sha: found[1],
        total_count: statuses.length,
        statuses,
      });
    }
    if ((found = route('GET', /^\/check-runs\/(\d+)\/annotations$/)))
      return send(200, standIn.annotations.get(Number(found[1])) ?? []);
    return send(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  }

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: String(error) }));
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise((closed) => {
      server.close(() => closed());
      server.closeAllConnections();
    });
  return standIn;
}
