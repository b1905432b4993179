// The GitHub backend against a stand-in for the REST endpoints it uses (tests/support/github-stand-in.ts),
// answering with GitHub's documented shapes and failures: the branch, commit and labelled pull
// request of a change of one page or several, a second version added to it, the checks and preview
// read from its head commit, the squash merge (one commit of all its pages) and its refusals,
// withdrawing, the changes published lately, and what GitHub's failures become in the API (429 with
// the retry time, 502, 409), with nothing half-done left behind.
import { generateKeyPairSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../../../src/functions/auth.ts';
import {
  githubClient,
  githubSettingsFrom,
  type GitHubSettings,
} from '../../../../src/functions/github/client.ts';
import { REQUIRED_CHECK } from '../../../../src/functions/github/checks.ts';
import { GitHubProposals } from '../../../../src/functions/github/github-proposals.ts';
import { ApiFailure } from '../../../../src/functions/http.ts';
import type { ChangeFacts } from '../../../../src/functions/proposals/describe.ts';
import { startGitHubStandIn, type StandIn } from '../../../support/github-stand-in.ts';
import { PROJECT_ROOT } from '../../../support/sites.ts';

const PATH = 'content/services/deep-cleaning-services.md';
const ADMIN: Caller = { uid: 'u1', name: 'Alex Admin', email: 'alex@ardent.example' };
const NOW = new Date('2031-06-15T09:30:00Z');

let gh: StandIn;
let live: string;
let backend: GitHubProposals;
const settings = (): GitHubSettings => ({
  owner: gh.owner,
  repo: gh.repo,
  base: 'main',
  auth: { token: gh.token },
  baseUrl: gh.url,
  retryAfterBaseValue: 1,
  timeoutMs: 2000,
});

beforeEach(async () => {
  live = await readFile(path.join(PROJECT_ROOT, PATH), 'utf8');
  gh = await startGitHubStandIn({
    [PATH]: live,
    'content/pages/about.md': 'About\n',
    'README.md': '# Ardent\n',
  });
  backend = new GitHubProposals(
    await githubClient(settings(), { throttle: false }),
    settings(),
    () => {},
    () => NOW,
  );
});
afterEach(() => gh.close());

const deepCleaning = (title: string) => ({
  path: PATH,
  page: 'Deep Cleaning',
  route: '/deep-cleaning-services',
  before: live,
  after: live.replace(/^title: .*$/m, `title: ${title}`),
});
const change = (title: string): ChangeFacts => ({
  summary: 'Update Deep Cleaning',
  author: ADMIN,
  pages: [deepCleaning(title)],
});
const propose = async (title = 'Deep Cleaning in Bromley | Ardent') =>
  backend.propose(change(title), await backend.snapshot());
const headOf = (branch: string) => gh.branches.get(branch)!;

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiFailure))
    throw new Error(`Expected an API failure, got ${String(error)}`);
  return { status: error.status, headers: error.headers, ...error.body };
}

describe('proposing', () => {
  it("reads the content at main's head, then makes a branch, one commit and a pull request labelled content that says what changed and who proposed it", async () => {
    const snapshot = await backend.snapshot();
    expect(snapshot.commit).toBe(headOf('main'));
    expect([...snapshot.files.keys()].sort()).toEqual(['content/pages/about.md', PATH]);
    expect(
      (await backend.readBlobs([snapshot.files.get(PATH)!])).get(snapshot.files.get(PATH)!),
    ).toBe(live);

    const { proposal, added } = await backend.propose(
      change('Deep Cleaning in Bromley | Ardent'),
      snapshot,
    );

    expect(added).toBe(false);
    expect(proposal).toMatchObject({
      id: '1',
      branch: 'content/deep-cleaning-services-20310615-0930',
      pages: [{ path: PATH, page: 'Deep Cleaning', route: '/deep-cleaning-services' }],
      summary: 'Update Deep Cleaning',
      author: 'Alex Admin',
      url: 'https://github.com/ardent/site/pull/1',
      state: 'open',
      checks: { state: 'waiting' },
      preview: { state: 'none' },
      local: false,
    });
    const commit = gh.commits.get(headOf(proposal.branch))!;
    expect(commit.parents).toEqual([snapshot.commit]);
    expect(commit.message).toBe(
      'Update Deep Cleaning\n\nPage: Deep Cleaning (/deep-cleaning-services), content/services/deep-cleaning-services.md\nProposed by Alex Admin <alex@ardent.example> from the builder.\n',
    );
    expect(gh.fileAt(proposal.branch, PATH)).toBe(
      deepCleaning('Deep Cleaning in Bromley | Ardent').after,
    );
    const pull = gh.pulls.get(1)!;
    expect(pull).toMatchObject({
      title: 'Update Deep Cleaning',
      head: proposal.branch,
      base: 'main',
      labels: ['content'],
    });
    expect(pull.body).toContain(
      'A change of one page, proposed from the builder by Alex Admin <alex@ardent.example>.',
    );
    expect(pull.body).toContain(
      'A change to the page **Deep Cleaning** at `/deep-cleaning-services`, in `content/services/deep-cleaning-services.md`: Fields changed: title. 1 line added, 1 removed.',
    );
    expect(pull.body).toContain(
      '-title: Deep Cleaning Services in Orpington & Bromley | Ardent\n+title: Deep Cleaning in Bromley | Ardent',
    );
  });

  it('adds a commit to the open pull request of the same file, and says what it now changes', async () => {
    const first = await propose();
    const head = headOf(first.proposal.branch);
    expect(await backend.openChanges()).toEqual([
      { id: '1', summary: 'Update Deep Cleaning', paths: [PATH] },
    ]);
    const open = await backend.status('1');
    expect(open).toMatchObject({
      id: '1',
      author: 'Alex Admin',
      commit: head,
      pages: [{ blob: first.proposal.pages[0]!.blob }],
    });
    const again = await backend.propose(
      change('Deep Cleaning in Orpington | Ardent'),
      await backend.snapshot(),
      open,
    );

    expect(again).toMatchObject({
      added: true,
      proposal: { id: '1', branch: first.proposal.branch },
    });
    expect(gh.commits.get(headOf(first.proposal.branch))!.parents).toEqual([head]);
    expect(gh.pulls.size).toBe(1);
    expect(gh.pulls.get(1)!.body).toContain('+title: Deep Cleaning in Orpington | Ardent');
    expect((await backend.list()).map((proposal) => proposal.id)).toEqual(['1']);
    // Its head has moved since `open` was read: a version made on the old head is refused, and the branch stays.
    const moved = headOf(first.proposal.branch);
    expect(
      await failureOf(
        backend.propose(change('Deep Cleaning near you | Ardent'), await backend.snapshot(), open),
      ),
    ).toMatchObject({ status: 409, error: { code: 'conflict' } });
    expect(headOf(first.proposal.branch)).toBe(moved);
  });

  it('reuses a branch of its name that has no pull request, and makes way for one that has', async () => {
    gh.branches.set('content/deep-cleaning-services-20310615-0930', headOf('main'));
    const first = await propose();
    expect(first.proposal.branch).toBe('content/deep-cleaning-services-20310615-0930');
    expect(gh.fileAt(first.proposal.branch, PATH)).toContain(
      'title: Deep Cleaning in Bromley | Ardent',
    );

    await backend.withdraw(first.proposal.id);
    gh.branches.set('content/deep-cleaning-services-20310615-0930', headOf('main'));
    gh.pulls.get(1)!.state = 'open';
    gh.pulls.get(1)!.body = "A developer's pull request";
    const second = await propose();
    expect(second.proposal.branch).toBe('content/deep-cleaning-services-20310615-0930-2');
  });

  it('leaves no branch behind when the pull request cannot be opened, and says GitHub did not answer', async () => {
    gh.failNext('POST', /\/pulls$/, { status: 502, body: { message: 'Server Error' } }, 3);
    expect(await failureOf(propose())).toMatchObject({
      status: 502,
      error: {
        code: 'github-unreachable',
        title: 'GitHub could not be reached',
        message: 'GitHub did not answer as it should (it answered 502).',
      },
    });
    expect([...gh.branches.keys()]).toEqual(['main']);
    expect(gh.pulls.size).toBe(0);
  });
});

describe('checks and preview', () => {
  // The content workflow's jobs on a content-only change, one check suite; the required check reports last.
  const suite = { id: 70 };
  const job = (id: number, name: string) => ({
    id,
    name,
    check_suite: suite,
    html_url: `https://github.com/ardent/site/actions/runs/7/job/${id}`,
    output: { title: null, summary: null },
  });
  const changes = job(5, 'What the change touches');
  const content = job(6, 'Check the content change');
  const final = job(7, REQUIRED_CHECK);
  const done = (conclusion: string) => ({ status: 'completed', conclusion });
  const pending = (status: 'queued' | 'in_progress') => ({ status, conclusion: null });

  it("are the required check's: waiting, running while the jobs before it work, failed with the content job's first problem, passed; the preview building, then ready", async () => {
    const { proposal } = await propose();
    const head = headOf(proposal.branch);
    expect((await backend.status('1')).checks).toEqual({ state: 'waiting' });
    gh.checkRuns.set(head, [{ ...changes, ...pending('in_progress') }]);
    gh.statuses.set(head, [
      {
        context: 'deploy/netlify',
        state: 'pending',
        target_url: 'https://app.netlify.com/sites/ardent/deploys/1',
        description: 'Deploy Preview processing.',
      },
    ]);
    expect(await backend.status('1')).toMatchObject({
      checks: { state: 'running' },
      preview: { state: 'building' },
    });
    gh.checkRuns.set(head, [
      { ...changes, ...done('success') },
      { ...content, ...pending('queued') },
    ]);
    expect((await backend.status('1')).checks).toEqual({ state: 'waiting' });
    // The content job has failed, but the required check has not reported yet.
    gh.checkRuns.set(head, [
      { ...changes, ...done('success') },
      { ...content, ...done('failure') },
      { ...final, ...pending('in_progress') },
    ]);
    expect((await backend.status('1')).checks).toEqual({ state: 'running' });

    gh.checkRuns.set(head, [
      { ...changes, ...done('success') },
      { ...content, ...done('failure') },
      { ...final, ...done('failure') },
    ]);
    gh.annotations.set(6, [
      // GitHub's own note on the failed step comes first; the content's problem is what the admin needs.
      {
        path: '.github',
        start_line: 1,
        end_line: 1,
        annotation_level: 'failure',
        title: null,
        message: 'Process completed with exit code 1.',
      },
      {
        path: PATH,
        start_line: 3,
        end_line: 3,
        annotation_level: 'failure',
        title: 'A field has the wrong value [invalid-field]',
        message: 'title: At most 70 characters. — Correct the value as the message says.',
      },
    ]);
    gh.statuses.set(head, [
      {
        context: 'deploy/netlify',
        state: 'success',
        target_url: 'https://deploy-preview-1--ardent.netlify.app',
        description: 'Deploy Preview ready!',
      },
    ]);
    expect(await backend.status('1')).toMatchObject({
      checks: {
        state: 'failed',
        firstProblem: `${PATH}, line 3: A field has the wrong value [invalid-field]. title: At most 70 characters. — Correct the value as the message says.`,
        url: content.html_url,
      },
      preview: { state: 'ready', url: 'https://deploy-preview-1--ardent.netlify.app' },
    });
    expect(gh.requests.some((request) => request.path.endsWith('/check-runs/6/annotations'))).toBe(
      true,
    );

    gh.checkRuns.set(head, [
      { ...changes, ...done('success') },
      { ...content, ...done('success') },
      { ...job(8, 'Check the content and run the tests'), ...done('skipped') },
      { ...final, ...done('success') },
    ]);
    expect((await backend.status('1')).checks).toEqual({ state: 'passed' });
  });

  it("says a page gate's problem, and which job failed when there is no annotation to tell", async () => {
    const { proposal } = await propose();
    const head = headOf(proposal.branch);
    gh.checkRuns.set(head, [
      { ...content, ...done('failure') },
      { ...final, ...done('failure') },
    ]);
    gh.annotations.set(6, [
      {
        path: PATH,
        start_line: 1,
        end_line: 1,
        annotation_level: 'failure',
        title: 'The page fails an accessibility check [page-accessibility]',
        message:
          '/deep-cleaning-services: 375 px, menus closed: image-alt [critical] Images must have alternative text: img — Give every image its alt text.',
      },
    ]);
    expect((await backend.status('1')).checks).toMatchObject({
      state: 'failed',
      firstProblem: expect.stringMatching(
        /^content\/services\/deep-cleaning-services\.md, line 1: The page fails an accessibility check \[page-accessibility\]\. \/deep-cleaning-services: 375 px/,
      ),
    });

    gh.annotations.set(6, [
      {
        path: '.github',
        start_line: 1,
        end_line: 1,
        annotation_level: 'failure',
        title: null,
        message: 'Process completed with exit code 1.',
      },
    ]);
    expect((await backend.status('1')).checks).toEqual({
      state: 'failed',
      firstProblem:
        'The check "Check the content change" failed (failure): its log on GitHub says why.',
      url: content.html_url,
    });
  });

  it('follows the latest run of the required check, and no other workflow', async () => {
    const { proposal } = await propose();
    const head = headOf(proposal.branch);
    const storageRules = {
      id: 9,
      name: 'Storage rules',
      check_suite: { id: 80 },
      ...done('failure'),
    };
    // Another workflow failing on the commit is not this proposal's check.
    gh.checkRuns.set(head, [
      storageRules,
      { ...content, ...done('success') },
      { ...final, ...done('success') },
    ]);
    expect((await backend.status('1')).checks).toEqual({ state: 'passed' });
    // Re-run after a failure: the newer run of the required check decides.
    gh.checkRuns.set(head, [
      { ...final, ...done('failure') },
      { ...final, id: 12, ...done('success') },
    ]);
    expect((await backend.status('1')).checks).toEqual({ state: 'passed' });
    gh.checkRuns.set(head, [{ ...final, id: 12, ...pending('in_progress') }]);
    expect((await backend.status('1')).checks).toEqual({ state: 'running' });
  });
});

describe('publishing', () => {
  const passed = (branch: string) =>
    gh.checkRuns.set(headOf(branch), [
      { id: 8, name: REQUIRED_CHECK, status: 'completed', conclusion: 'success' },
    ]);

  it('squash-merges only once the checks passed, then deletes the branch', async () => {
    const { proposal } = await propose();
    expect(await failureOf(backend.publish('1', ADMIN))).toMatchObject({
      status: 409,
      error: { code: 'checks-waiting' },
    });
    passed(proposal.branch);

    expect((await backend.publish('1', ADMIN)).state).toBe('published');
    const merge = gh.requests.find((request) => request.method === 'PUT')!;
    expect(merge.body).toMatchObject({
      merge_method: 'squash',
      sha: expect.any(String),
      commit_title: 'Update Deep Cleaning (#1)',
    });
    expect(gh.fileAt('main', PATH)).toContain('title: Deep Cleaning in Bromley | Ardent');
    expect(gh.branches.has(proposal.branch)).toBe(false);
  });

  it("says a review is needed, with the pull request's link, and gives GitHub's reason when it will not merge", async () => {
    const { proposal } = await propose();
    passed(proposal.branch);
    gh.merge = {
      status: 405,
      message: 'At least 1 approving review is required by reviewers with write access.',
    };
    expect(await failureOf(backend.publish('1', ADMIN))).toMatchObject({
      status: 409,
      error: {
        code: 'review-required',
        title: 'A review is needed first',
        message:
          'The repository asks for someone to review this change before it is published. GitHub says: At least 1 approving review is required by reviewers with write access.',
      },
      reviewRequired: true,
      url: 'https://github.com/ardent/site/pull/1',
    });
    gh.merge = { status: 405, message: 'Pull Request is not mergeable' };
    expect(await failureOf(backend.publish('1', ADMIN))).toMatchObject({
      status: 409,
      error: {
        code: 'not-mergeable',
        message: 'GitHub refused to merge it. It says: Pull Request is not mergeable',
      },
    });
    gh.merge = {
      status: 409,
      message: 'Head branch was modified. Review and try the merge again.',
    };
    expect(await failureOf(backend.publish('1', ADMIN))).toMatchObject({
      status: 409,
      error: { code: 'conflict' },
    });
    expect(gh.branches.has(proposal.branch)).toBe(true);
  });
});

describe('a change of two pages', () => {
  const about = (text: string) => ({
    path: 'content/pages/about.md',
    page: 'About',
    route: '/about',
    before: 'About\n',
    after: text,
  });
  const twoPages: () => ChangeFacts = () => ({
    summary: 'New prices',
    author: ADMIN,
    pages: [deepCleaning('Deep Cleaning from £90 | Ardent'), about('About us, prices from £90\n')],
  });

  it('is one branch, one commit and one pull request that says what each page changes; published in one squashed commit', async () => {
    const { proposal } = await backend.propose(twoPages(), await backend.snapshot());
    const base = headOf('main');

    expect(proposal.pages.map((page) => page.path)).toEqual([PATH, 'content/pages/about.md']);
    expect(gh.commits.get(headOf(proposal.branch))!.parents).toEqual([base]);
    expect(gh.pulls.size).toBe(1);
    expect(gh.pulls.get(1)!.body).toContain(
      'A change of 2 pages, published together, proposed from the builder by Alex Admin <alex@ardent.example>.',
    );
    expect(gh.pulls.get(1)!.body).toContain('A change to the page **About** at `/about`');
    gh.checkRuns.set(headOf(proposal.branch), [
      { id: 8, name: REQUIRED_CHECK, status: 'completed', conclusion: 'success' },
    ]);

    const published = await backend.publish('1', ADMIN);

    expect(gh.commits.get(headOf('main'))!.parents).toEqual([base]);
    expect(published.published!.commit).toBe(headOf('main'));
    expect(gh.fileAt('main', PATH)).toContain('title: Deep Cleaning from £90 | Ardent');
    expect(gh.fileAt('main', 'content/pages/about.md')).toBe('About us, prices from £90\n');
    expect(gh.commits.get(headOf('main'))!.message).toContain(
      'Page: Deep Cleaning (/deep-cleaning-services), content/services/deep-cleaning-services.md\nPage: About (/about), content/pages/about.md\nProposed by Alex Admin',
    );
    // Among the changes published lately, with the squashed commit.
    expect(await backend.published()).toMatchObject([
      {
        id: '1',
        state: 'published',
        published: { commit: headOf('main') },
        pages: [{ path: PATH }, { path: 'content/pages/about.md' }],
      },
    ]);
  });

  it('publishes none of its pages when one changed on main since, and says which', async () => {
    const { proposal } = await backend.propose(twoPages(), await backend.snapshot());
    gh.checkRuns.set(headOf(proposal.branch), [
      { id: 8, name: REQUIRED_CHECK, status: 'completed', conclusion: 'success' },
    ]);
    gh.commit(
      'main',
      { 'content/pages/about.md': 'About, by a developer\n' },
      'A developer changes the about page',
    );
    const main = headOf('main');

    expect(await failureOf(backend.publish('1', ADMIN))).toMatchObject({
      status: 409,
      error: {
        code: 'changed-on-branch',
        message: expect.stringContaining('content/pages/about.md'),
      },
    });
    expect(headOf('main')).toBe(main);
  });
});

it('withdrawing closes the pull request and deletes its branch', async () => {
  const { proposal } = await propose();
  expect((await backend.withdraw('1')).state).toBe('withdrawn');
  expect(gh.pulls.get(1)!.state).toBe('closed');
  expect(gh.branches.has(proposal.branch)).toBe(false);
  expect(await failureOf(backend.status('2'))).toMatchObject({
    status: 404,
    error: { code: 'no-such-proposal' },
  });
});

describe("GitHub's failures", () => {
  it("answers a rate limit 429 with the time GitHub gave, from retry-after or the limit's reset", async () => {
    const fresh = new GitHubProposals(await githubClient(settings()), settings());
    gh.failNext('GET', /\/pulls$/, {
      status: 429,
      body: { message: 'API rate limit exceeded' },
      headers: { 'retry-after': '120' },
    });
    expect(await failureOf(fresh.list())).toMatchObject({
      status: 429,
      headers: { 'retry-after': '120' },
      retryAfter: 120,
      error: {
        code: 'rate-limited',
        message:
          'GitHub has had too many requests from this site for now, and will take more in 2 minutes.',
      },
    });

    const reset = Math.floor(Date.now() / 1000) + 600;
    gh.failNext('GET', /\/pulls$/, {
      status: 403,
      body: { message: 'API rate limit exceeded for installation ID 42.' },
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
    });
    const answer = await failureOf(fresh.list());
    expect(answer).toMatchObject({ status: 429, error: { code: 'rate-limited' } });
    expect(answer.retryAfter).toBeGreaterThan(590);
  });

  it('waits for a short rate limit and tries again, as octokit does', async () => {
    const throttled = new GitHubProposals(await githubClient(settings()), settings());
    gh.failNext('GET', /\/pulls$/, {
      status: 403,
      body: {
        message:
          'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      },
      headers: { 'retry-after': '1' },
    });
    expect(await throttled.list()).toEqual([]);
    expect(gh.requests.filter((request) => request.path.endsWith('/pulls'))).toHaveLength(2);
  });

  it('retries a 5xx, and answers 502 when GitHub keeps failing', async () => {
    gh.failNext('GET', /\/pulls$/, { status: 503 });
    expect(await backend.list()).toEqual([]);
    gh.failNext('GET', /\/pulls$/, { status: 500 }, 3);
    expect(await failureOf(backend.list())).toMatchObject({
      status: 502,
      error: {
        code: 'github-unreachable',
        hint: 'This is usually brief: try again in a minute. Your draft is kept in the builder.',
      },
    });
  });

  it('gives up on a request GitHub does not answer in time, and says so', async () => {
    const impatient = new GitHubProposals(
      await githubClient({ ...settings(), timeoutMs: 100 }, { throttle: false }),
      settings(),
    );
    gh.failNext('GET', /\/pulls$/, { status: 0 }, 3);
    expect(await failureOf(impatient.list())).toMatchObject({
      status: 502,
      error: {
        code: 'github-unreachable',
        message: 'GitHub did not answer as it should (it did not answer in time).',
      },
    });
  });

  it("answers 502 with what to check when GitHub refuses the site's credentials", async () => {
    const wrong = new GitHubProposals(
      await githubClient({ ...settings(), auth: { token: 'expired' } }, { throttle: false }),
      settings(),
    );
    expect(await failureOf(wrong.list())).toMatchObject({
      status: 502,
      error: { code: 'github-refused', message: expect.stringContaining('(401: Bad credentials)') },
    });
  });
});

describe('set-up', () => {
  it("authenticates as the GitHub App's installation, with a token made from the App's key", async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    gh.acceptApp('1234', publicKey, 42);
    const fromEnv = githubSettingsFrom({
      GITHUB_REPOSITORY: 'ardent/site',
      GITHUB_APP_ID: '1234',
      GITHUB_APP_PRIVATE_KEY: privateKey.replace(/\n/g, '\\n'),
      GITHUB_APP_INSTALLATION_ID: '42',
    });
    const app = new GitHubProposals(
      await githubClient({ ...fromEnv, baseUrl: gh.url }, { throttle: false }),
      fromEnv,
    );
    expect(await app.list()).toEqual([]);
    expect(
      gh.requests.map(
        (request) => `${request.method} ${request.path} ${request.authorization.split(' ')[0]}`,
      ),
    ).toEqual([
      'POST /app/installations/42/access_tokens bearer',
      'GET /repos/ardent/site/pulls token',
    ]);
    expect(gh.requests[1]!.authorization).toBe('token ghs_installation_1');
  });

  it('says which settings are missing', () => {
    expect(() => githubSettingsFrom({})).toThrow(/GITHUB_REPOSITORY is not set/);
    expect(() => githubSettingsFrom({ GITHUB_REPOSITORY: 'ardent/site' })).toThrow(
      /neither the GitHub App .* nor a token \(GITHUB_TOKEN\) is set/,
    );
  });
});
