// A page's history as the builder meets it (src/kernel/wire/history.ts): the real function module
// (netlify/functions/history.mts) served by the local server with tokens from the local Auth
// emulator, over the local backend's real git; and the GitHub backend, through the same handler,
// against the stand-in for GitHub's commits and contents endpoints. Both answer the same: 401 and
// 403 as publishing does, the versions newest first, 20 a page, each with who, when, its summary and
// its diff against the version before, and any version's file to restore.
import { writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { githubClient } from '../../../../src/functions/github/client.ts';
import { GitHubHistory } from '../../../../src/functions/github/github-history.ts';
import { historyHandler } from '../../../../src/functions/history/handler.ts';
import { ApiErrorSchema } from '../../../../src/kernel/wire/proposals.ts';
import {
  PageHistorySchema,
  PageVersionFileSchema,
  VERSIONS_PER_PAGE,
} from '../../../../src/kernel/wire/history.ts';
import { HISTORY_API, historyUrl, versionUrl } from '../../../../src/kernel/wire/history-paths.ts';
import {
  answer,
  startFunctionsServer,
  type FunctionsServer,
} from '../../../support/functions-server.ts';
import { contentRepository, type TestRepository } from '../../../support/git-repository.ts';
import { startGitHubStandIn, type StandIn } from '../../../support/github-stand-in.ts';

const PATH = 'content/pages/about.md';
const OTHER = 'content/pages/faqs.md';
/** The versions each test repository has: the file as it is, then this many changes to its heading. */
const CHANGES = 22;
const withHeading = (text: string, n: number) =>
  text.replace(/^heading: .*$/m, `heading: About Ardent, version ${n}`);
/** A publish commit's message, as the builder's publishing writes it (src/functions/proposals/describe.ts). */
const published = (n: number) =>
  `Say it is version ${n}\n\nPage: About (/about), ${PATH}\nProposed by Alex Admin from the builder; published by Sam Owner <sam@ardent.example>.\n`;

const history = (body: unknown) => PageHistorySchema.parse(body);

describe('locally, from git, through the function', () => {
  let functions: FunctionsServer;
  let repo: TestRepository;
  let original: string;
  let removal: string;

  beforeAll(async () => {
    [functions, repo] = await Promise.all([
      startFunctionsServer('history-api-'),
      contentRepository([PATH, OTHER]),
    ]);
    process.env.PUBLISH_REPOSITORY_DIR = repo.dir;
    original = repo.git('show', `HEAD:${PATH}`) + '\n';
    for (let n = 1; n <= CHANGES; n += 1) {
      await writeFile(path.join(repo.dir, PATH), withHeading(original, n));
      // Every other one from the builder; the rest a developer's.
      if (n % 2 === 0) repo.git('commit', '--quiet', '--all', '--message', published(n));
      else
        repo.git(
          '-c',
          'user.name=Dee Developer',
          'commit',
          '--quiet',
          '--all',
          '--message',
          `Heading, take ${n}`,
        );
      // Commits to other files are not the page's history.
      if (n === 5) {
        await rm(path.join(repo.dir, OTHER));
        repo.git('commit', '--quiet', '--all', '--message', 'Remove the FAQs page');
        removal = repo.git('rev-parse', 'HEAD');
      }
    }
  }, 90_000);

  afterAll(async () => {
    delete process.env.PUBLISH_REPOSITORY_DIR;
    await functions?.close();
    await repo?.remove();
  });

  const get = (address: string, token: string | undefined = functions.tokens.admin) =>
    functions.call('GET', address, token ? { token } : {});
  const refusal = async (response: Response) => {
    const { status, body } = await answer(response, ApiErrorSchema);
    return { status, ...body };
  };

  it('answers 401 without a valid token and 403 without the admin role, for the list and a version alike', async () => {
    const head = repo.git('rev-parse', 'HEAD');
    for (const address of [historyUrl(PATH, 1), versionUrl(PATH, head)]) {
      expect(await refusal(await get(address, ''))).toMatchObject({
        status: 401,
        error: { code: 'signed-out' },
      });
      expect(await refusal(await get(address, 'not-a-token'))).toMatchObject({
        status: 401,
        error: { code: 'signed-out' },
      });
      expect(await refusal(await get(address, functions.tokens.member))).toMatchObject({
        status: 403,
        error: { code: 'not-admin', title: 'Your account cannot publish' },
      });
    }
  });

  it('lists 20 versions a page, newest first, each with when, by whom, its summary and its diff against the one before', async () => {
    const response = await get(historyUrl(PATH, 1));
    expect(response.headers.get('server-timing')).toMatch(/^fn;dur=\d/);
    const first = history((await answer(response, PageHistorySchema)).body);
    expect(first).toMatchObject({ path: PATH, page: 1, more: true });
    expect(first.versions).toHaveLength(VERSIONS_PER_PAGE);
    const [newest, before] = first.versions;
    expect(newest).toMatchObject({
      commit: repo.git('rev-parse', 'HEAD'),
      blob: repo.git('rev-parse', `HEAD:${PATH}`),
      summary: `Say it is version ${CHANGES}`,
      by: 'Alex Admin',
      change: 'changed',
    });
    expect(newest!.when).toBe(repo.git('log', '-1', '--format=%cI', 'HEAD'));
    expect(newest!.diff).toContain(
      `-heading: About Ardent, version ${CHANGES - 1}\n+heading: About Ardent, version ${CHANGES}`,
    );
    expect(before).toMatchObject({ summary: `Heading, take ${CHANGES - 1}`, by: 'Dee Developer' });
    expect(first.versions.map((version) => version.summary)).not.toContain('Remove the FAQs page');
    // The page's last version is compared with the first of the next page.
    expect(first.versions.at(-1)!.diff).toContain(
      `-heading: About Ardent, version ${CHANGES - VERSIONS_PER_PAGE}\n+heading: About Ardent, version ${CHANGES - VERSIONS_PER_PAGE + 1}`,
    );

    const second = history((await answer(await get(historyUrl(PATH, 2)), PageHistorySchema)).body);
    expect(second).toMatchObject({ page: 2, more: false });
    expect(second.versions.map((version) => version.change)).toEqual([
      'changed',
      'changed',
      'added',
    ]);
    expect(second.versions.at(-1)).toMatchObject({ summary: 'The site as it is', by: 'Developer' });
    expect(second.versions.at(-1)!.diff).toMatch(/^@@ -0,0 \+1,\d+ @@\n\+---\n\+route: \/about/);
    expect(history((await answer(await get(historyUrl(PATH, 3)), PageHistorySchema)).body)).toEqual(
      { path: PATH, page: 3, versions: [], more: false },
    );
  });

  it("gives any version's file to restore, and says so in words for one that has no such file", async () => {
    const { versions } = history(await (await get(historyUrl(PATH, 1))).json());
    const older = versions[3]!;
    const { body } = await answer(await get(versionUrl(PATH, older.commit)), PageVersionFileSchema);
    expect(body).toMatchObject({
      path: PATH,
      commit: older.commit,
      blob: older.blob,
      text: `${repo.git('show', `${older.commit}:${PATH}`)}\n`,
    });
    // Read as the build reads it: the front matter as the file holds it, and the body.
    expect(body.data).toMatchObject({
      route: '/about',
      heading: `About Ardent, version ${CHANGES - 3}`,
    });
    expect(body.text.endsWith(body.body)).toBe(true);

    const removed = history(await (await get(historyUrl(OTHER, 1))).json()).versions[0]!;
    expect(removed).toMatchObject({
      commit: removal,
      change: 'removed',
      summary: 'Remove the FAQs page',
    });
    expect(removed.blob).toBeUndefined();
    expect(removed.diff).toMatch(/^@@ -1,\d+ \+0,0 @@\n-/);
    expect(await refusal(await get(versionUrl(OTHER, removal)))).toMatchObject({
      status: 404,
      error: { code: 'no-such-version', message: expect.stringContaining(OTHER) },
    });
    expect(await refusal(await get(versionUrl(PATH, 'f'.repeat(40))))).toMatchObject({
      status: 404,
      error: { code: 'no-such-version' },
    });
    expect(await refusal(await get(versionUrl(PATH, 'HEAD~1')))).toMatchObject({
      status: 404,
      error: { code: 'no-such-version' },
    });

    // A version a developer broke cannot be opened as a page: said in words, with its line.
    await writeFile(
      path.join(repo.dir, PATH),
      original.replace(/^heading: .*$/m, 'heading: "About Ardent'),
    );
    repo.git('commit', '--quiet', '--all', '--message', 'A broken heading');
    const broken = await refusal(await get(versionUrl(PATH, repo.git('rev-parse', 'HEAD'))));
    expect(broken).toMatchObject({
      status: 422,
      error: { code: 'version-unreadable', title: 'This version cannot be opened in the builder' },
    });
    expect(broken.error.message).toMatch(
      /^This version of content\/pages\/about\.md is not a file the builder can read \(line \d+: /,
    );
  });

  it('answers 400 in words for a file that is not a page, or a page of the history that is not a number, and 405 to anything but GET', async () => {
    for (const [address, words] of [
      [historyUrl('README.md', 1), "is not a page's file"],
      [historyUrl('content/pages/../../package.json', 1), 'has an empty, "." or ".." part'],
      [`${HISTORY_API}?path=${encodeURIComponent(PATH)}&page=0`, '"page"'],
      [`${HISTORY_API}?path=${encodeURIComponent(PATH)}&page=two`, '"page"'],
      [HISTORY_API, '"path"'],
    ] as const) {
      const refused = await refusal(await get(address));
      expect(refused.status, address).toBe(400);
      expect(refused.error.message, address).toContain(words);
    }
    const posted = await functions.call('POST', historyUrl(PATH, 1), {
      token: functions.tokens.admin,
      body: {},
    });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
  });
});

describe('on GitHub, from the commits for that path, through the same handler', () => {
  let gh: StandIn;
  let handle: ReturnType<typeof historyHandler>;
  let original: string;

  beforeAll(async () => {
    original = '---\nroute: /about\ntitle: About Ardent\nheading: About Ardent\n---\n';
    gh = await startGitHubStandIn({ [PATH]: original, [OTHER]: 'route: /faqs\n' });
    for (let n = 1; n <= CHANGES; n += 1) {
      gh.commit(
        'main',
        { [PATH]: withHeading(original, n) },
        n % 2 === 0 ? published(n) : `Heading, take ${n}`,
        n % 2 === 0 ? undefined : { name: 'Dee Developer', email: 'dee@example.test' },
      );
      if (n === 5)
        gh.commit('main', { [OTHER]: 'route: /faqs\ntitle: Questions\n' }, 'Retitle the FAQs');
    }
    const settings = {
      owner: gh.owner,
      repo: gh.repo,
      base: 'main',
      auth: { token: gh.token },
      baseUrl: gh.url,
      retryAfterBaseValue: 1,
      timeoutMs: 2000,
    };
    const backend = new GitHubHistory(
      await githubClient(settings, { throttle: false }),
      settings,
      () => {},
    );
    // The handler's own sign-in check, with tokens standing for an administrator and a member.
    const verify = async (token: string) => {
      if (token === 'admin' || token === 'member')
        return {
          uid: token,
          email: `${token}@ardent.example`,
          admin: token === 'admin',
        } as unknown as DecodedIdToken;
      throw Object.assign(new Error('bad token'), { code: 'auth/argument-error' });
    };
    handle = historyHandler(
      () => ({ verify, backend }),
      () => {},
    );
  });
  afterAll(() => gh?.close());

  const get = (address: string, token?: string) =>
    handle(
      new Request(`http://site.test${address}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }),
    );

  it('answers 401 and 403 as the proposals function does', async () => {
    expect((await get(historyUrl(PATH, 1))).status).toBe(401);
    expect(
      ApiErrorSchema.parse(await (await get(historyUrl(PATH, 1), 'member')).json()).error.code,
    ).toBe('not-admin');
  });

  it("lists the file's versions on the base branch, 20 a page, with the same words and diffs as locally", async () => {
    const first = history(await (await get(historyUrl(PATH, 1), 'admin')).json());
    expect(first).toMatchObject({ page: 1, more: true });
    expect(first.versions).toHaveLength(VERSIONS_PER_PAGE);
    expect(first.versions[0]).toMatchObject({
      commit: gh.branches.get('main'),
      summary: `Say it is version ${CHANGES}`,
      by: 'Alex Admin',
      change: 'changed',
    });
    expect(first.versions[0]!.diff).toBe(
      `@@ -3,3 +3,3 @@\n title: About Ardent\n-heading: About Ardent, version ${CHANGES - 1}\n+heading: About Ardent, version ${CHANGES}\n ---`,
    );
    expect(first.versions[1]).toMatchObject({
      summary: `Heading, take ${CHANGES - 1}`,
      by: 'Dee Developer',
    });
    expect(first.versions.map((version) => version.summary)).not.toContain('Retitle the FAQs');
    expect(first.versions.at(-1)!.diff).toContain(
      `+heading: About Ardent, version ${CHANGES - VERSIONS_PER_PAGE + 1}`,
    );
    const when = first.versions.map((version) => version.when);
    expect(when.toSorted().toReversed()).toEqual(when);

    const second = history(await (await get(historyUrl(PATH, 2), 'admin')).json());
    expect(second).toMatchObject({ page: 2, more: false });
    expect(second.versions.map((version) => version.change)).toEqual([
      'changed',
      'changed',
      'added',
    ]);
    expect(second.versions.at(-1)).toMatchObject({
      summary: 'The site as it is',
      diff: '@@ -0,0 +1,5 @@\n+---\n+route: /about\n+title: About Ardent\n+heading: About Ardent\n+---',
    });
    // GitHub's commits for that path, from the base branch.
    const asked = gh.requests.filter((request) => request.path.endsWith('/commits'));
    expect(asked.length).toBeGreaterThan(0);
  });

  it("gives a version's file, and 404 in words for a commit without it", async () => {
    const { versions } = history(await (await get(historyUrl(PATH, 1), 'admin')).json());
    const file = PageVersionFileSchema.parse(
      await (await get(versionUrl(PATH, versions[4]!.commit), 'admin')).json(),
    );
    expect(file).toEqual({
      path: PATH,
      commit: versions[4]!.commit,
      blob: versions[4]!.blob,
      text: withHeading(original, CHANGES - 4),
      data: {
        route: '/about',
        title: 'About Ardent',
        heading: `About Ardent, version ${CHANGES - 4}`,
      },
      body: '',
    });
    const missing = await get(versionUrl(PATH, 'e'.repeat(40)), 'admin');
    expect(missing.status).toBe(404);
    expect(ApiErrorSchema.parse(await missing.json()).error.code).toBe('no-such-version');
  });

  it('says GitHub could not be reached, in words, when it fails', async () => {
    gh.failNext('GET', /\/commits$/, { status: 502 }, 3);
    const failed = await get(historyUrl(PATH, 3), 'admin');
    expect(failed.status).toBe(502);
    expect(ApiErrorSchema.parse(await failed.json()).error).toMatchObject({
      code: 'github-unreachable',
      title: 'GitHub could not be reached',
    });
  });
});
