// The local backend against real git, in a temporary repository: a change is a real branch and
// commit made without touching the working tree, the index or the checked-out branch, of one page
// or several; its checks run in the background, one at a time, once over all its pages; publishing
// commits its files on the checked-out branch in one commit, only when they are clean, and keeps it
// among the changes published lately; withdrawing deletes the branch.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../../../src/functions/auth.ts';
import { ApiFailure } from '../../../../src/functions/http.ts';
import { LocalProposals } from '../../../../src/functions/local/local-proposals.ts';
import type { ChangeFacts, PageChange } from '../../../../src/functions/proposals/describe.ts';
import type { Proposal } from '../../../../src/kernel/wire/proposals.ts';
import { contentRepository, type TestRepository } from '../../../support/git-repository.ts';

vi.setConfig({ testTimeout: 90_000 });

const ADMIN: Caller = { uid: 'u1', name: 'Alex Admin', email: 'alex@ardent.example' };
const PATH = 'content/services/deep-cleaning-services.md';

// A stand-in for `npm run check:change -- --base <commit>` (the real one needs the project's code):
// it waits for a gate file, notes the commit it checks (in <gate>.ran), then, like the real one,
// looks at what changed since the base it is given, and fails on a changed file that asks it to,
// with a problem as the JSON report gives it.
const STUB = `
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
while (!existsSync(process.argv[2])) await new Promise((resolve) => setTimeout(resolve, 10));
appendFileSync(process.argv[2] + '.ran', execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }));
const base = process.argv[process.argv.indexOf('--base') + 1];
const changed = execFileSync('git', ['diff', '--name-only', base, 'HEAD'], { encoding: 'utf8' }).split('\\n').filter(Boolean);
if (changed.length === 0) {
  console.error('No change since the base ' + base);
  process.exit(1);
}
const bad = changed.find((file) => readFileSync(file, 'utf8').includes('Fail the check'));
if (bad) {
  console.log(JSON.stringify([{ file: bad, line: 2, field: 'title', code: 'title-too-long', source: 'lint', severity: 'warning', title: 'The title is too long', message: 'It has 80 characters; at most 60 show in search results.', hint: 'Shorten it.' }]));
  process.exit(1);
}
console.log('[]');
`;

let scratch: string;
let stub: string;
let gate: string;
let repo: TestRepository;
let backend: LocalProposals;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'local-proposals-'));
  stub = path.join(scratch, 'check.mjs');
  await writeFile(stub, STUB);
});
afterAll(() => rm(scratch, { recursive: true, force: true }));
beforeEach(async () => {
  // Two files are enough: the backend moves files, the checks (stood in for) read them.
  repo = await contentRepository([PATH, 'content/pages/about.md']);
  gate = path.join(scratch, `gate-${Math.random()}`);
  backend = new LocalProposals({
    dir: repo.dir,
    checks: { command: [process.execPath, stub, gate] },
    now: () => new Date('2031-06-15T09:30:00Z'),
  });
});
afterEach(async () => {
  await writeFile(gate, '');
  await backend.checks.idle();
  await repo.remove();
});

const ABOUT = { path: 'content/pages/about.md', page: 'About', route: '/about' };

async function pageChange(
  edit: (text: string) => string,
  page = { path: PATH, page: 'Deep Cleaning', route: '/deep-cleaning-services' },
): Promise<PageChange> {
  const before = await readFile(path.join(repo.dir, page.path), 'utf8');
  return { ...page, before, after: edit(before) };
}

async function change(
  edit: (text: string) => string,
  page?: Parameters<typeof pageChange>[1],
): Promise<ChangeFacts> {
  return {
    summary: page ? `Update ${page.page}` : 'Update Deep Cleaning',
    author: ADMIN,
    pages: [await pageChange(edit, page)],
  };
}

const retitled = (title: string) => (text: string) =>
  text.replace(/^title: .*$/m, `title: ${title}`);

/** Polls the proposal until its checks are in one of the states. */
async function checksReach(id: string, states: Proposal['checks']['state'][]): Promise<Proposal> {
  // The checks run at the lowest priority: on a busy machine they take their time.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const proposal = await backend.status(id);
    if (states.includes(proposal.checks.state)) return proposal;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`The checks of ${id} never reached ${states.join(' or ')}.`);
}

async function failureOf(
  promise: Promise<unknown>,
): Promise<{ status: number; code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiFailure))
    throw new Error(`Expected an API failure, got ${String(error)}`);
  return { status: error.status, code: error.body.error.code, message: error.body.error.message };
}

/** A change proposed and its checks passed; then a developer's commit of `file` on the checked-out branch. */
async function passedThenCommitted(file: string): Promise<Proposal> {
  await writeFile(gate, '');
  const { proposal } = await backend.propose(
    await change(retitled('Deep Cleaning in Bromley | Ardent')),
    await backend.snapshot(),
  );
  await checksReach(proposal.id, ['passed']);
  await writeFile(path.join(repo.dir, file), 'Changed by a developer\n');
  repo.git('commit', '--quiet', '--all', '--message', `A developer changes ${file}`);
  return proposal;
}

describe('proposing', () => {
  it('makes a branch with one commit of the file from the checked-out head, touching nothing else', async () => {
    await writeFile(path.join(repo.dir, 'content/pages/about.md'), 'Work in progress\n');
    const head = repo.git('rev-parse', 'HEAD');
    const status = repo.git('status', '--porcelain');
    const facts = await change(retitled('Deep Cleaning in Bromley | Ardent'));

    const { proposal, added } = await backend.propose(facts, await backend.snapshot());

    expect(added).toBe(false);
    expect(proposal).toMatchObject({
      id: 'deep-cleaning-services-20310615-0930',
      branch: 'content/deep-cleaning-services-20310615-0930',
      pages: [{ path: PATH, page: 'Deep Cleaning' }],
      author: 'Alex Admin',
      url: null,
      state: 'open',
      preview: { state: 'none' },
      local: true,
    });
    expect(repo.git('rev-parse', `${proposal.branch}^`)).toBe(head);
    expect(repo.git('show', `${proposal.branch}:${PATH}`)).toBe(
      facts.pages[0]!.after.replace(/\n$/, ''),
    );
    expect(repo.git('diff', '--name-only', head, proposal.branch)).toBe(PATH);
    expect(repo.git('log', '-1', '--format=%an <%ae>%n%B', proposal.branch)).toContain(
      'Alex Admin <alex@ardent.example>\nUpdate Deep Cleaning\n\nPage: Deep Cleaning (/deep-cleaning-services)',
    );
    // The checkout is as it was: same HEAD, same branch, same changes, same file.
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(repo.git('symbolic-ref', 'HEAD')).toBe('refs/heads/main');
    expect(repo.git('status', '--porcelain')).toBe(status);
    expect(await readFile(path.join(repo.dir, PATH), 'utf8')).toBe(facts.pages[0]!.before);
  });

  it('adds a commit to the open change of the same file, on its head as read, and lists it once', async () => {
    const first = await backend.propose(
      await change(retitled('Deep Cleaning in Bromley | Ardent')),
      await backend.snapshot(),
    );
    expect(await backend.openChanges()).toEqual([
      { id: first.proposal.id, summary: 'Update Deep Cleaning', paths: [PATH] },
    ]);
    const open = await backend.status(first.proposal.id);
    const again = await backend.propose(
      await change(retitled('Deep Cleaning in Orpington | Ardent')),
      await backend.snapshot(),
      open,
    );

    expect(again.added).toBe(true);
    expect(again.proposal.id).toBe(first.proposal.id);
    expect(repo.git('rev-list', '--count', `main..${first.proposal.branch}`)).toBe('2');
    expect(repo.git('show', `${first.proposal.branch}:${PATH}`)).toContain(
      'title: Deep Cleaning in Orpington | Ardent',
    );
    expect((await backend.list()).map((proposal) => proposal.id)).toEqual([first.proposal.id]);
    // Its head has moved since `open` was read: a version made on the old head is refused, and nothing moves.
    const head = repo.git('rev-parse', first.proposal.branch);
    expect(
      await failureOf(
        backend.propose(
          await change(retitled('Deep Cleaning near you | Ardent')),
          await backend.snapshot(),
          open,
        ),
      ),
    ).toMatchObject({ status: 409, code: 'conflict' });
    expect(repo.git('rev-parse', first.proposal.branch)).toBe(head);
  });
});

describe('checks', () => {
  it('are waiting, then running one at a time, then passed or failed with the first problem in words', async () => {
    const good = await backend.propose(
      await change(retitled('Deep Cleaning in Bromley | Ardent')),
      await backend.snapshot(),
    );
    const bad = await backend.propose(
      await change(retitled('Fail the check'), ABOUT),
      await backend.snapshot(),
    );

    await checksReach(good.proposal.id, ['running']);
    expect((await backend.status(bad.proposal.id)).checks).toEqual({ state: 'waiting' });
    await writeFile(gate, '');

    expect((await checksReach(good.proposal.id, ['passed', 'failed'])).checks).toEqual({
      state: 'passed',
    });
    expect((await checksReach(bad.proposal.id, ['passed', 'failed'])).checks).toEqual({
      state: 'failed',
      firstProblem:
        'content/pages/about.md, line 2 (title): The title is too long. It has 80 characters; at most 60 show in search results.',
      // As data too, for each page to list its own and the builder to say where it is in the form's words.
      problems: [
        {
          file: 'content/pages/about.md',
          line: 2,
          field: 'title',
          message: 'It has 80 characters; at most 60 show in search results.',
        },
      ],
    });
    // Kept in git with the proposal: a backend started afresh knows them without checking again.
    const restarted = new LocalProposals({ dir: repo.dir, checks: { command: ['false'] } });
    expect((await restarted.status(good.proposal.id)).checks.state).toBe('passed');
    expect((await restarted.status(bad.proposal.id)).checks.problems).toMatchObject([
      { field: 'title', line: 2 },
    ]);
  });
});

describe('publishing', () => {
  it('waits for the checks, refuses a file with uncommitted changes, then commits it on the checked-out branch', async () => {
    await writeFile(path.join(repo.dir, 'content/pages/about.md'), 'Work in progress\n');
    const facts = await change(retitled('Deep Cleaning in Bromley | Ardent'));
    const { proposal } = await backend.propose(facts, await backend.snapshot());
    expect(await failureOf(backend.publish(proposal.id, ADMIN))).toMatchObject({
      status: 409,
      code: 'checks-waiting',
    });
    await writeFile(gate, '');
    await checksReach(proposal.id, ['passed']);

    await writeFile(path.join(repo.dir, PATH), `${facts.pages[0]!.before}\nA note of my own.\n`);
    expect(await failureOf(backend.publish(proposal.id, ADMIN))).toEqual({
      status: 409,
      code: 'uncommitted-change',
      message: `${PATH} has changes in this checkout that are not committed. Publishing would mix them with the proposal.`,
    });
    repo.git('checkout', '--', PATH);
    const head = repo.git('rev-parse', 'HEAD');

    const published = await backend.publish(proposal.id, {
      uid: 'u2',
      name: 'Sam Owner',
      email: 'sam@ardent.example',
    });

    expect(published.state).toBe('published');
    expect(repo.git('rev-parse', 'HEAD^')).toBe(head);
    expect(repo.git('log', '-1', '--format=%an|%cn|%s', 'HEAD')).toBe(
      'Alex Admin|Sam Owner|Update Deep Cleaning',
    );
    expect(repo.git('diff', '--name-only', 'HEAD^', 'HEAD')).toBe(PATH);
    expect(await readFile(path.join(repo.dir, PATH), 'utf8')).toBe(facts.pages[0]!.after);
    // The file is committed and clean; the other file's own change is still there, uncommitted.
    expect(repo.git('status', '--porcelain')).toBe(' M content/pages/about.md');
    expect(repo.git('branch', '--list', 'content/*')).toBe('');
    expect(await failureOf(backend.status(proposal.id))).toMatchObject({
      status: 404,
      code: 'no-such-proposal',
    });
    // Among the changes published lately, with the commit that carries it.
    expect(await backend.published()).toMatchObject([
      { id: proposal.id, state: 'published', published: { commit: repo.git('rev-parse', 'HEAD') } },
    ]);
  });

  it('refuses a proposal whose file changed on the checked-out branch since', async () => {
    const proposal = await passedThenCommitted(PATH);

    expect(await failureOf(backend.publish(proposal.id, ADMIN))).toMatchObject({
      status: 409,
      code: 'changed-on-branch',
    });
  });

  it('brought up to date with the moved branch, checks its new head at once, before anyone reads the change', async () => {
    const proposal = await passedThenCommitted(ABOUT.path);
    await backend.freshen(proposal.id);
    const head = repo.git('rev-parse', proposal.branch);
    expect(repo.git('rev-parse', `${head}^2`)).toBe(repo.git('rev-parse', 'HEAD'));
    expect(backend.checks.stateOf(head)).toMatch(/^(waiting|running)$/);
    await backend.checks.idle();
    expect((await readFile(`${gate}.ran`, 'utf8')).trim().split('\n').at(-1)).toBe(head);
  });
});

describe('a change of two pages', () => {
  it('is one branch and one commit, checked once over both pages, and published in one commit', async () => {
    const head = repo.git('rev-parse', 'HEAD');
    const facts: ChangeFacts = {
      summary: 'New prices',
      author: ADMIN,
      pages: [
        await pageChange(retitled('Deep Cleaning from £90 | Ardent')),
        await pageChange(retitled('About us, prices from £90'), ABOUT),
      ],
    };

    const { proposal } = await backend.propose(facts, await backend.snapshot());

    expect(proposal.pages.map((page) => page.path)).toEqual([PATH, ABOUT.path]);
    expect(repo.git('rev-list', '--count', `${head}..${proposal.branch}`)).toBe('1');
    expect(repo.git('diff', '--name-only', head, proposal.branch).split('\n').sort()).toEqual([
      ABOUT.path,
      PATH,
    ]);
    expect(repo.git('log', '-1', '--format=%B', proposal.branch)).toContain(
      'Page: Deep Cleaning (/deep-cleaning-services), content/services/deep-cleaning-services.md\nPage: About (/about), content/pages/about.md',
    );
    await writeFile(gate, '');
    await checksReach(proposal.id, ['passed']);

    await backend.publish(proposal.id, ADMIN);

    expect(repo.git('rev-parse', 'HEAD^')).toBe(head);
    expect(repo.git('diff', '--name-only', 'HEAD^', 'HEAD').split('\n').sort()).toEqual([
      ABOUT.path,
      PATH,
    ]);
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('publishes none of its pages when one changed on the checked-out branch since', async () => {
    await writeFile(gate, '');
    const { proposal } = await backend.propose(
      {
        summary: 'New prices',
        author: ADMIN,
        pages: [
          await pageChange(retitled('Deep Cleaning from £90 | Ardent')),
          await pageChange(retitled('About us'), ABOUT),
        ],
      },
      await backend.snapshot(),
    );
    await checksReach(proposal.id, ['passed']);
    await writeFile(path.join(repo.dir, ABOUT.path), 'Changed by a developer\n');
    repo.git('commit', '--quiet', '--all', '--message', 'A developer changes the about page');
    const head = repo.git('rev-parse', 'HEAD');

    expect(await failureOf(backend.publish(proposal.id, ADMIN))).toMatchObject({
      status: 409,
      code: 'changed-on-branch',
      message: expect.stringContaining(ABOUT.path),
    });
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
  });

  it('stops the checks of a head no change has any more: a page added to the change is checked with the others, once', async () => {
    const first = await backend.propose(
      await change(retitled('Deep Cleaning from £90 | Ardent')),
      await backend.snapshot(),
    );
    await checksReach(first.proposal.id, ['running']);
    const open = await backend.status(first.proposal.id);
    const both = {
      summary: 'New prices',
      author: ADMIN,
      pages: [
        {
          ...(await pageChange(retitled('Deep Cleaning from £90 | Ardent'))),
          blob: open.pages[0]!.blob!,
        },
        await pageChange(retitled('Fail the check'), ABOUT),
      ],
    };
    const added = await backend.propose(both, await backend.snapshot(), open);

    await writeFile(gate, '');
    const checked = await checksReach(added.proposal.id, ['passed', 'failed']);
    // The second head's checks, over both pages: the first head's were stopped before they checked anything.
    expect(checked.checks).toMatchObject({ state: 'failed', problems: [{ file: ABOUT.path }] });
    expect((await readFile(`${gate}.ran`, 'utf8')).trim()).toBe(added.proposal.commit);
  });
});

it('withdrawing deletes the branch and the proposal', async () => {
  const { proposal } = await backend.propose(
    await change(retitled('Deep Cleaning in Bromley | Ardent')),
    await backend.snapshot(),
  );
  expect((await backend.withdraw(proposal.id)).state).toBe('withdrawn');
  expect(repo.git('for-each-ref', 'refs/heads/content', 'refs/proposals')).toBe('');
  expect(await backend.list()).toEqual([]);
  expect(existsSync(path.join(repo.dir, PATH))).toBe(true);
});

/**
 * Runs `meanwhile` just before the backend's next ref transaction, as a check's result or another
 * request lands between what the backend read and what it writes; then whether each of the
 * backend's own transactions went through.
 */
function beforeTheNextTransaction(meanwhile: () => Promise<unknown>): () => boolean[] {
  const real = backend.git.updateRefs.bind(backend.git);
  const outcomes: boolean[] = [];
  let during = false;
  vi.spyOn(backend.git, 'updateRefs').mockImplementation(async (commands) => {
    if (during) return real(commands);
    if (outcomes.length === 0) {
      during = true;
      await meanwhile().finally(() => (during = false));
    }
    const ok = await real(commands);
    outcomes.push(ok);
    return ok;
  });
  return () => outcomes;
}

describe("a check's result kept while the change is being changed", () => {
  afterEach(() => vi.restoreAllMocks());
  const SCHEDULE = {
    date: '2031-06-16',
    time: '09:00',
    at: '2031-06-16T08:00:00Z',
    by: 'Sam Owner',
  };

  it('does not stop withdrawing it: the result moved the record alone', async () => {
    const { proposal } = await backend.propose(
      await change(retitled('Deep Cleaning in Bromley | Ardent')),
      await backend.snapshot(),
    );
    const tried = beforeTheNextTransaction(async () => {
      await writeFile(gate, '');
      await backend.checks.idle();
    });

    expect((await backend.withdraw(proposal.id)).state).toBe('withdrawn');
    // The first transaction named the record as it was before the result: it failed, and was tried again.
    expect(tried()).toEqual([false, true]);
    expect(repo.git('for-each-ref', 'refs/heads/content', 'refs/proposals')).toBe('');
  });

  it('does not stop bringing it up to date or publishing it', async () => {
    const proposal = await passedThenCommitted(ABOUT.path);
    // The checks' own result is kept on the record first: only the meanwhile moves it below.
    await backend.checks.idle();
    const freshened = beforeTheNextTransaction(() => backend.schedule(proposal.id, SCHEDULE));
    await backend.freshen(proposal.id);
    expect(freshened()).toEqual([false, true]);
    vi.restoreAllMocks();
    await checksReach(proposal.id, ['passed']);
    await backend.checks.idle();

    const published = beforeTheNextTransaction(() =>
      backend.schedule(proposal.id, { ...SCHEDULE, time: '10:00' }),
    );
    expect((await backend.publish(proposal.id, ADMIN)).state).toBe('published');
    expect(published()).toEqual([false, true]);
    expect(repo.git('log', '-1', '--format=%s', 'HEAD')).toBe('Update Deep Cleaning');
  });

  it('leaves the refusal when someone added to the change meanwhile', async () => {
    const { proposal } = await backend.propose(
      await change(retitled('Deep Cleaning in Bromley | Ardent')),
      await backend.snapshot(),
    );
    beforeTheNextTransaction(async () =>
      repo.git('update-ref', `refs/heads/${proposal.branch}`, 'HEAD'),
    );

    expect(await failureOf(backend.withdraw(proposal.id))).toMatchObject({
      status: 409,
      code: 'conflict',
      message: expect.stringContaining('Someone added to this change at the same moment'),
    });
  });
});
