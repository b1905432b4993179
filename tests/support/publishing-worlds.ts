// The two places a change lives, for the tests that drive the proposals function and the scheduled
// run on both: the local backend on real git (its checks stood in for by a command that fails when
// any content file says "Fail the check", as `npm run check` fails on any broken file), and the
// GitHub backend against the stand-in (tests/support/github-stand-in.ts), each holding the site's
// real content and reading its time from a clock the test moves.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { REQUIRED_CHECK } from '../../src/functions/github/checks.ts';
import { githubClient } from '../../src/functions/github/client.ts';
import { GitHubHistory } from '../../src/functions/github/github-history.ts';
import { GitHubProposals } from '../../src/functions/github/github-proposals.ts';
import type { HistoryBackend } from '../../src/functions/history/backend.ts';
import { localDeploys } from '../../src/functions/local/local-deploys.ts';
import { LocalHistory } from '../../src/functions/local/local-history.ts';
import { LocalProposals } from '../../src/functions/local/local-proposals.ts';
import type { ProposalsBackend } from '../../src/functions/proposals/backend.ts';
import type { Proposal } from '../../src/kernel/wire/proposals.ts';
import { contentRepository } from './git-repository.ts';
import { startGitHubStandIn } from './github-stand-in.ts';
import { REAL_CONTENT } from './sites.ts';

/** The text that makes the checks fail, in any content file. */
export const FAILS_THE_CHECK = 'Fail the check';

/** A clock a test moves. */
export interface TestClock {
  now: Date;
}

/** One place with the site's content, its changes and its history: how a test reads and moves it from outside the function. */
export interface World {
  backend: ProposalsBackend;
  history: HistoryBackend;
  clock: TestClock;
  /** A file on the live branch. */
  liveFile(file: string): Promise<string>;
  liveHead(): Promise<string>;
  /** The commits on the live branch, newest first (their names). */
  liveCommits(): Promise<string[]>;
  /** A developer's commit of files on the live branch. */
  commitOnLive(files: Record<string, string>): Promise<void>;
  /** The change's checks on its head finished so (the local checks having run, or the stand-in's check run set). */
  checksFinish(proposal: Proposal, state: 'passed' | 'failed'): Promise<void>;
  /** Every change branch, and every record or pull request of one: never one without the other. */
  branchesAndRecords(): Promise<{ branches: string[]; records: string[] }>;
  /** The deploy of a published commit failed, as the platform says it. */
  deployFails(commit: string): void;
  close(): Promise<void>;
}

// Fails, as `npm run check` does, when a content file of the checked commit says "Fail the check".
const CHECK = `
const { readdirSync, readFileSync } = require('node:fs');
const bad = readdirSync('content', { recursive: true }).map((name) => 'content/' + name).find((file) => file.endsWith('.md') && readFileSync(file, 'utf8').includes(${JSON.stringify(FAILS_THE_CHECK)}));
if (!bad) { console.log('[]'); process.exit(0); }
console.log(JSON.stringify([{ file: bad, line: 2, code: 'invalid-field', source: 'content', severity: 'error', title: 'A field has the wrong value', message: 'It says to fail the check.' }]));
process.exit(1);
`;

export async function localWorld(): Promise<World> {
  const repo = await contentRepository();
  const clock: TestClock = { now: new Date() };
  const backend = new LocalProposals({
    dir: repo.dir,
    checks: { command: [process.execPath, '-e', CHECK, '--'] },
    now: () => clock.now,
  });
  return {
    backend,
    history: new LocalHistory(repo.dir),
    clock,
    liveFile: async (file) => `${repo.git('show', `HEAD:${file}`)}\n`,
    liveHead: async () => repo.git('rev-parse', 'HEAD'),
    liveCommits: async () => repo.git('rev-list', 'HEAD').split('\n'),
    commitOnLive: async (files) => {
      for (const [file, text] of Object.entries(files))
        await writeFile(path.join(repo.dir, file), text);
      repo.git('commit', '--quiet', '--all', '--message', 'A developer changes the site');
    },
    checksFinish: async (proposal, state) => {
      await expect
        .poll(async () => (await backend.status(proposal.id)).checks.state, { timeout: 30_000 })
        .toBe(state);
    },
    branchesAndRecords: async () => ({
      branches: repo
        .git('for-each-ref', '--format=%(refname:lstrip=3)', 'refs/heads/content')
        .split('\n')
        .filter(Boolean),
      records: repo
        .git('for-each-ref', '--format=%(refname:lstrip=2)', 'refs/proposals')
        .split('\n')
        .filter(Boolean),
    }),
    deployFails: (commit) =>
      localDeploys.failed([commit], 'The build failed (exit 1). Still serving the last build.'),
    close: async () => {
      await backend.checks.idle();
      await repo.remove();
    },
  };
}

export async function githubWorld(): Promise<World> {
  const files: Record<string, string> = {};
  for (const name of await readdir(REAL_CONTENT, { recursive: true })) {
    if (name.endsWith('.md'))
      files[`content/${name.split(path.sep).join('/')}`] = await readFile(
        path.join(REAL_CONTENT, name),
        'utf8',
      );
  }
  const gh = await startGitHubStandIn(files);
  const clock: TestClock = { now: new Date() };
  const settings = {
    owner: gh.owner,
    repo: gh.repo,
    base: 'main',
    auth: { token: gh.token },
    baseUrl: gh.url,
    retryAfterBaseValue: 1,
    timeoutMs: 5000,
  };
  const octokit = await githubClient(settings, { throttle: false });
  const backend = new GitHubProposals(
    octokit,
    settings,
    () => {},
    () => clock.now,
  );
  const history = (sha: string | undefined): string[] =>
    sha ? [sha, ...history(gh.commits.get(sha)!.parents[0])] : [];
  let runs = 100;
  return {
    backend,
    history: new GitHubHistory(octokit, settings, () => {}),
    clock,
    liveFile: async (file) => gh.fileAt('main', file)!,
    liveHead: async () => gh.branches.get('main')!,
    liveCommits: async () => history(gh.branches.get('main')),
    commitOnLive: async (changed) =>
      void gh.commit('main', changed, 'A developer changes the site'),
    checksFinish: async (proposal, state) => {
      const head = gh.branches.get(proposal.branch)!;
      const id = (runs += 1);
      gh.checkRuns.set(head, [
        {
          id,
          name: REQUIRED_CHECK,
          status: 'completed',
          conclusion: state === 'passed' ? 'success' : 'failure',
          html_url: `https://github.com/ardent/site/runs/${id}`,
        },
      ]);
      if (state === 'failed')
        gh.annotations.set(id, [
          {
            path: 'content/pages/about.md',
            start_line: 2,
            end_line: 2,
            annotation_level: 'failure',
            title: 'A field has the wrong value',
            message: 'It says to fail the check.',
          },
        ]);
    },
    branchesAndRecords: async () => ({
      branches: [...gh.branches.keys()].filter((name) => name.startsWith('content/')).sort(),
      records: [...gh.pulls.values()]
        .filter((pull) => pull.state === 'open')
        .map((pull) => pull.head)
        .sort(),
    }),
    deployFails: (commit) =>
      gh.statuses.set(commit, [
        {
          context: 'deploy/netlify',
          state: 'failure',
          target_url: 'https://app.netlify.com/sites/ardent/deploys/42',
          description: 'Deploy failed',
        },
      ]),
    close: () => gh.close(),
  };
}

export const WORLDS = [
  ['locally, on git', localWorld],
  ['on GitHub', githubWorld],
] as const;
