// The publishing API as the builder meets it: the real function module (netlify/functions/proposals.mts)
// served by the local server, firebase-admin checking tokens from the local Auth emulator
// (tests/support/functions-server.ts), and the
// local backend on a temporary repository holding the real content. The file is checked as
// `npm run check` checks it: its 422 carries the very problems `npm run check -- --format json`
// prints for that file, the media library photos it uses among them (read from a local Storage
// emulator, as the local server gives it to the function); a library that cannot say is a 503.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../../src/generator/emulators/auth-emulator.ts';
import { LOCAL_ACCOUNTS } from '../../../../src/generator/emulators/local-accounts.ts';
import {
  ApiErrorSchema,
  MAX_PAGE_BYTES,
  ProposalAnswerSchema,
  ProposalListSchema,
} from '../../../../src/kernel/wire/proposals.ts';
import { PROPOSALS_API } from '../../../../src/kernel/wire/proposal-paths.ts';
import {
  answer as answerOf,
  startFunctionsServer,
  withClaims,
  type FunctionsServer,
} from '../../../support/functions-server.ts';
import { contentRepository, type TestRepository } from '../../../support/git-repository.ts';
import { writePhoto, tempDir, removeTempDirs } from '../../../support/image-fixtures.ts';
import { startCountedLibrary, type CountedLibrary } from '../../../support/library-emulator.ts';
import { PROJECT_ROOT } from '../../../support/sites.ts';

const PATH = 'content/services/deep-cleaning-services.md';

let functions: FunctionsServer;
let call: FunctionsServer['call'];
let tokens: FunctionsServer['tokens'];
let repo: TestRepository;
let live: string;
let liveBlob: string;

beforeAll(async () => {
  [functions, repo] = await Promise.all([
    startFunctionsServer('proposals-api-'),
    contentRepository(),
  ]);
  ({ call, tokens } = functions);
  // The function reads its repository from its environment, as the local server's does.
  process.env.PUBLISH_REPOSITORY_DIR = repo.dir;
  live = await readFile(path.join(repo.dir, PATH), 'utf8');
  liveBlob = repo.git('rev-parse', `HEAD:${PATH}`);
}, 90_000);

afterAll(async () => {
  delete process.env.PUBLISH_REPOSITORY_DIR;
  await functions?.close();
  await repo?.remove();
});

async function refusal(response: Response) {
  const { status, body } = await answerOf(response, ApiErrorSchema);
  return { status, ...body };
}

/** `npm run check -- --format json` on the repository's content with the file in it: its problems in that file. */
async function npmRunCheck(
  file: string,
  text: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<unknown[]> {
  const project = await mkdtemp(path.join(tmpdir(), 'proposals-check-'));
  try {
    await cp(path.join(repo.dir, 'content'), path.join(project, 'content'), { recursive: true });
    await mkdir(path.dirname(path.join(project, file)), { recursive: true });
    await writeFile(path.join(project, file), text);
    const run = promisify(execFile)(
      process.execPath,
      [path.join(PROJECT_ROOT, 'scripts/run.mjs'), 'check', '--format', 'json', ...args],
      { cwd: project, maxBuffer: 1 << 24, env: { ...process.env, ...env } },
    );
    const { stdout } = await run.catch((error: { stdout: string }) => error);
    return (JSON.parse(stdout) as { file: string }[]).filter((problem) => problem.file === file);
  } finally {
    await rm(project, { recursive: true, force: true });
  }
}

describe('who may call', () => {
  it('answers 401 in words without a token, or with one that is not valid', async () => {
    const none = await refusal(await call('GET', PROPOSALS_API));
    expect(none).toMatchObject({
      status: 401,
      error: { code: 'signed-out', title: 'You are not signed in' },
    });
    expect(none.error.hint).toContain('Your draft is kept');
    expect(await refusal(await call('GET', PROPOSALS_API, { token: 'not-a-token' }))).toMatchObject(
      { status: 401, error: { code: 'signed-out' } },
    );
  });

  it('answers 403 to an account without the admin role', async () => {
    expect(
      await refusal(
        await call('POST', PROPOSALS_API, {
          token: tokens.member,
          body: { files: [{ path: PATH, text: live, blob: liveBlob }], summary: 'x' },
        }),
      ),
    ).toMatchObject({
      status: 403,
      error: { code: 'not-admin', title: 'Your account cannot publish' },
    });
  });

  it("answers 401 to a member's token with the admin role added by hand (the emulator's tokens are unsigned)", async () => {
    const forged = withClaims(tokens.member, { admin: true });
    expect(
      await refusal(
        await call('POST', PROPOSALS_API, {
          token: forged,
          body: { files: [{ path: PATH, text: live, blob: liveBlob }], summary: 'x' },
        }),
      ),
    ).toMatchObject({
      status: 401,
      error: { code: 'claims-disagree', hint: expect.stringContaining('Your draft is kept') },
    });
  });
});

describe('what may be proposed', () => {
  it.each([
    ['scripts/check.ts', /is not a page's file/],
    ['content/../package.json', /has an empty, "." or ".." part/],
    ['content/site/navigation.md', /content\/site\/ does not hold pages/],
    ['content\\pages\\about.md', /backslash/],
  ])('answers 400 to %s', async (file, words) => {
    const answer = await refusal(
      await call('POST', PROPOSALS_API, {
        token: tokens.admin,
        body: { files: [{ path: file, text: live }], summary: 'Update' },
      }),
    );
    expect(answer).toMatchObject({ status: 400, error: { code: 'bad-path' } });
    expect(answer.error.message).toMatch(words);
  });

  it('answers 413 to a page over 256 KB', async () => {
    const text = `${live}\n${'A long paragraph. '.repeat(MAX_PAGE_BYTES / 16)}\n`;
    expect(
      await refusal(
        await call('POST', PROPOSALS_API, {
          token: tokens.admin,
          body: { files: [{ path: PATH, text, blob: liveBlob }], summary: 'Update' },
        }),
      ),
    ).toMatchObject({ status: 413, error: { code: 'too-large' } });
  });

  it('answers 409 with what changed when the page changed since it was opened', async () => {
    // The version the admin opened, then a developer's change on the branch.
    const opened = repo.git('rev-parse', `HEAD:${PATH}`);
    await writeFile(
      path.join(repo.dir, PATH),
      live.replace('Deep cleaning for your home', 'A deep clean for your home'),
    );
    repo.git('commit', '--quiet', '--all', '--message', 'A developer changes the heading');
    try {
      const answer = await refusal(
        await call('POST', PROPOSALS_API, {
          token: tokens.admin,
          body: {
            files: [
              {
                path: PATH,
                text: live.replace('summary: A thorough', 'summary: A careful'),
                blob: opened,
              },
            ],
            summary: 'Update',
          },
        }),
      );
      expect(answer).toMatchObject({
        status: 409,
        error: { code: 'page-changed', title: 'This page has changed since you opened it' },
      });
      expect(answer.diff).toContain(
        '-heading: Deep cleaning for your home\n+heading: A deep clean for your home',
      );
    } finally {
      repo.git('reset', '--quiet', '--hard', 'HEAD^');
    }
  });

  it("answers 400 in words to a change naming a page twice, a file outside content/'s pages, or more than 20 pages", async () => {
    const page = { path: PATH, text: live, blob: liveBlob };
    expect(
      await refusal(
        await call('POST', PROPOSALS_API, {
          token: tokens.admin,
          body: { files: [page, page], summary: 'Twice' },
        }),
      ),
    ).toMatchObject({
      status: 400,
      error: {
        code: 'page-twice',
        message: `The change names ${PATH} twice, so it is not clear which version to propose.`,
      },
    });
    expect(
      await refusal(
        await call('POST', PROPOSALS_API, {
          token: tokens.admin,
          body: { files: [page, { path: 'package.json', text: '{}' }], summary: 'Sneaky' },
        }),
      ),
    ).toMatchObject({ status: 400, error: { code: 'bad-path' } });
    const many = Array.from({ length: 21 }, (_, i) => ({
      path: `content/pages/page-${i}.md`,
      text: live,
    }));
    expect(
      await refusal(
        await call('POST', PROPOSALS_API, {
          token: tokens.admin,
          body: { files: many, summary: 'Many' },
        }),
      ),
    ).toMatchObject({
      status: 400,
      error: {
        code: 'too-many-pages',
        title: 'Too many pages in one change',
        message: 'A change may hold at most 20 pages, and this one names 21.',
      },
    });
    expect(repo.git('branch', '--list', 'content/*')).toBe('');
  });

  it('answers 409 to a new page whose file exists', async () => {
    expect(
      await refusal(
        await call('POST', PROPOSALS_API, {
          token: tokens.admin,
          body: { files: [{ path: PATH, text: live }], summary: 'New page' },
        }),
      ),
    ).toMatchObject({ status: 409, error: { code: 'page-exists' } });
  });
});

describe("the build's own checks", () => {
  it.each([
    [
      'a reference and a link that do not exist',
      (text: string) =>
        text
          .replace('  - orpington\n', '  - orpingtn\n')
          .replace(/^(\s+href: )\/contact$/m, '$1/contact-us'),
    ],
    [
      'a title too long, a description too short and a US spelling',
      (text: string) =>
        text
          .replace(
            /^title: .*$/m,
            'title: Deep Cleaning Services in Orpington, Bromley, Beckenham and Chislehurst | Ardent',
          )
          .replace(/^description: .*$/m, 'description: A deep clean.')
          .replace('A deep clean goes further', 'We organize a deep clean that goes further'),
    ],
  ])(
    'answers 422 with the problems npm run check prints: %s',
    async (_case, edit) => {
      const text = edit(live);
      const [answer, expected] = await Promise.all([
        call('POST', PROPOSALS_API, {
          token: tokens.admin,
          body: { files: [{ path: PATH, text, blob: liveBlob }], summary: 'Update' },
        }).then(refusal),
        npmRunCheck(PATH, text),
      ]);
      expect(answer.status).toBe(422);
      expect(answer.error.code).toBe('content-problems');
      expect(expected.length).toBeGreaterThanOrEqual(2);
      expect(answer.problems).toEqual(expected);
    },
    60_000,
  );
});

describe('a good proposal', () => {
  it('is made (201), listed, shown, and proposing again adds to it (200)', async () => {
    const text = live.replace('summary: A thorough', 'summary: A careful');
    const made = await call('POST', PROPOSALS_API, {
      token: tokens.admin,
      body: { files: [{ path: PATH, text, blob: liveBlob }], summary: 'Update Deep Cleaning' },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    expect(made.headers.get('cache-control')).toBe('no-store');
    expect(made.headers.get('server-timing')).toMatch(/^fn;dur=\d/);
    const { proposal } = ProposalAnswerSchema.parse(await made.json());
    expect(proposal).toMatchObject({
      pages: [{ path: PATH, page: 'Deep Cleaning', route: '/deep-cleaning-services' }],
      summary: 'Update Deep Cleaning',
      author: LOCAL_ACCOUNTS.admin.email,
      state: 'open',
      local: true,
      preview: { state: 'none' },
    });
    expect(repo.git('show', `${proposal.branch}:${PATH}`)).toBe(text.replace(/\n$/, ''));

    const listed = ProposalListSchema.parse(
      await (await call('GET', PROPOSALS_API, { token: tokens.admin })).json(),
    );
    expect(listed.proposals.map((one) => one.id)).toEqual([proposal.id]);
    const shown = ProposalAnswerSchema.parse(
      await (await call('GET', `${PROPOSALS_API}/${proposal.id}`, { token: tokens.admin })).json(),
    );
    expect(shown.proposal.id).toBe(proposal.id);

    // Proposing again from the proposal's own version (as the builder does once it has proposed) adds to it.
    const again = await call('POST', PROPOSALS_API, {
      token: tokens.admin,
      body: {
        files: [
          {
            path: PATH,
            text: text.replace('summary: A careful', 'summary: A very careful'),
            blob: proposal.pages[0]!.blob,
          },
        ],
        summary: 'Update Deep Cleaning again',
      },
    });
    expect(again.status, await again.clone().text()).toBe(200);
    expect(ProposalAnswerSchema.parse(await again.json()).proposal.id).toBe(proposal.id);
    expect(repo.git('rev-list', '--count', `main..${proposal.branch}`)).toBe('2');

    const withdrawn = await call('POST', `${PROPOSALS_API}/${proposal.id}/withdraw`, {
      token: tokens.admin,
    });
    expect(ProposalAnswerSchema.parse(await withdrawn.json()).proposal.state).toBe('withdrawn');
  }, 60_000);
});

describe('media library photos', () => {
  let library: CountedLibrary;
  const branches = () => repo.git('branch', '--list', 'content/*');
  /** The page with these library photos under Images. */
  const withPhotos = (...names: string[]) =>
    live.replace(
      'areaServed:\n',
      `images:\n${names.map((name) => `  - src: storage:media/${name}\n`).join('')}areaServed:\n`,
    );
  const propose = (text: string) =>
    call('POST', PROPOSALS_API, {
      token: tokens.admin,
      body: { files: [{ path: PATH, text, blob: liveBlob }], summary: 'Add a photo' },
    });

  beforeAll(async () => {
    library = await startCountedLibrary();
    const photo = path.join(await tempDir('proposals-library-'), 'photo.jpg');
    await writePhoto(photo, 1200, 800);
    const bytes = await readFile(photo);
    await Promise.all([
      library.put('worktop.jpg', bytes, 'A kitchen worktop, wiped clean'),
      library.put('no-alt.jpg', bytes, ''),
    ]);
    // As the local server gives it to its functions once its Storage emulator answers.
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = new URL(library.origin).host;
  }, 60_000);
  afterAll(async () => {
    delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
    await library?.stop();
    await removeTempDirs();
  });

  it('answers 422 to a photo that is missing or has no alt text, with the problems npm run check -- --local-library prints, before any branch is made', async () => {
    const text = withPhotos('no-such-photo.jpg', 'no-alt.jpg');
    const [answer, expected] = await Promise.all([
      propose(text).then(refusal),
      npmRunCheck(PATH, text, ['--local-library'], {
        STORAGE_EMULATOR_PORT: new URL(library.origin).port,
      }),
    ]);
    expect(answer).toMatchObject({ status: 422, error: { code: 'content-problems' } });
    expect(answer.problems).toEqual(expected);
    expect(answer.problems!.map(({ code, field, title }) => ({ code, field, title }))).toEqual([
      {
        code: 'library-photo-missing',
        field: 'images.0.src',
        title: 'A photo from the media library does not exist',
      },
      {
        code: 'library-photo-no-alt',
        field: 'images.1.src',
        title: 'A photo from the media library has no alt text',
      },
    ]);
    expect(answer.problems![0]!.message).toBe(
      'There is no photo "media/no-such-photo.jpg" in the media library (bucket demo-ardent.appspot.com): it was deleted or renamed, or the reference has a typing mistake.',
    );
    expect(branches()).toBe('');
  }, 60_000);

  it('proposes a page whose photo is in the library with its alt text', async () => {
    const made = await propose(withPhotos('worktop.jpg'));
    expect(made.status, await made.clone().text()).toBe(201);
    const { proposal } = ProposalAnswerSchema.parse(await made.json());
    await call('POST', `${PROPOSALS_API}/${proposal.id}/withdraw`, { token: tokens.admin });
  });

  it('answers 503 in words when the library cannot be reached or is not set up, and makes no branch', async () => {
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${await freePort()}`;
    try {
      const unreachable = await refusal(await propose(withPhotos('worktop.jpg')));
      expect(unreachable).toMatchObject({
        status: 503,
        error: { code: 'library-unreachable', title: 'The media library could not be reached' },
      });
      expect(unreachable.error.message).toMatch(
        /^The page uses photos from the media library, and the library could not be asked whether they are there and have alt text, so the page was not proposed\. The media library \(http:\/\/127\.0\.0\.1:\d+, bucket demo-ardent\.appspot\.com\) could not be reached \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)\.$/,
      );
      expect(unreachable.error.hint).toContain('Your draft is kept');
      // The content's own problems are still listed meanwhile.
      expect(
        await refusal(
          await propose(withPhotos('worktop.jpg').replace('  - orpington\n', '  - orpingtn\n')),
        ),
      ).toMatchObject({ status: 422, problems: [{ code: 'unknown-reference' }] });

      delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
      vi.stubEnv('FIREBASE_STORAGE_BUCKET', undefined);
      const notSetUp = await refusal(await propose(withPhotos('worktop.jpg')));
      expect(notSetUp).toMatchObject({ status: 503, error: { code: 'not-set-up' } });
      expect(notSetUp.error.message).toContain(
        'FIREBASE_STORAGE_BUCKET is not set, so the media library photos this page uses cannot be checked.',
      );
      expect(branches()).toBe('');
    } finally {
      vi.unstubAllEnvs();
      process.env.FIREBASE_STORAGE_EMULATOR_HOST = new URL(library.origin).host;
    }
  });
});
