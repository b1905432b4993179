// Two editors on one page, through the proposals function's own handler, on both backends: the
// local one on real git (its checks stood in for) and the GitHub one against the stand-in
// (tests/support/publishing-worlds.ts), each holding the site's real content. A change made from an
// older version is merged onto the open proposal when it touches other lines, refused in words with
// the other change when it touches the same ones, and never replaces a newer version; a version the
// page never had is refused; two proposals or two publishes at the same instant leave one winner
// and nothing half-made; publishing puts exactly the checked file live, or refuses in words when it
// would undo a change made since; and a published commit is followed until it is live.
import type { DecodedIdToken } from 'firebase-admin/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { proposalsHandler } from '../../../../src/functions/proposals/handler.ts';
import {
  ApiErrorSchema,
  DeployAnswerSchema,
  ProposalAnswerSchema,
  type Proposal,
} from '../../../../src/kernel/wire/proposals.ts';
import {
  deployUrl,
  PROPOSALS_API,
  publishUrl,
} from '../../../../src/kernel/wire/proposal-paths.ts';
import { WORLDS, type World } from '../../../support/publishing-worlds.ts';

vi.setConfig({ testTimeout: 60_000 });

const PATH = 'content/services/deep-cleaning-services.md';
/** A's change, in the page's details; B's, in its text far below. */
const A_LINE = [
  'lead: A careful, top-to-bottom clean that reaches the places a weekly clean does not.',
  'lead: A careful clean, top to bottom, that reaches what a weekly clean cannot.',
] as const;
const B_LINE = [
  '- inside the fridge and microwave',
  '- inside the fridge, freezer and microwave',
] as const;
const change = (text: string, [from, to]: readonly [string, string]) => {
  if (!text.includes(from)) throw new Error(`The page no longer says "${from}".`);
  return text.replace(from, to);
};

// The handler's own sign-in check, with tokens standing for two administrators.
const PEOPLE: Record<string, { name: string; email: string }> = {
  alex: { name: 'Alex Admin', email: 'alex@ardent.example' },
  sam: { name: 'Sam Owner', email: 'sam@ardent.example' },
};
const verify = async (token: string) =>
  ({ uid: token, admin: true, ...PEOPLE[token] }) as unknown as DecodedIdToken;

describe.each(WORLDS)('two editors on one page, %s', (_where, makeWorld) => {
  let world: World;
  let handle: ReturnType<typeof proposalsHandler>;
  let opened: { text: string; blob: string };

  beforeEach(async () => {
    world = await makeWorld();
    handle = proposalsHandler(
      () => ({ verify, backend: world.backend, library: undefined, clock: () => world.clock.now }),
      () => {},
    );
    const text = await world.liveFile(PATH);
    opened = { text, blob: (await world.backend.snapshot()).files.get(PATH)! };
  });
  afterEach(() => world.close());

  const call = (who: string, method: string, address: string, body?: unknown) =>
    handle(
      new Request(`http://site.test${address}`, {
        method,
        headers: { authorization: `Bearer ${who}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
  /** A proposal of `text` made from the version `blob` (the one opened, unless given; null: none). */
  const propose = (who: string, text: string, blob: string | null = opened.blob) =>
    call(who, 'POST', PROPOSALS_API, {
      files: [{ path: PATH, text, ...(blob ? { blob } : {}) }],
      summary: `${PEOPLE[who]!.name}'s change`,
    });
  const accepted = async (response: Response, status: number) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return ProposalAnswerSchema.parse(await response.json());
  };
  const refused = async (response: Response, status = 409) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return ApiErrorSchema.parse(await response.json());
  };
  const fileOf = async (proposal: Proposal) =>
    (await world.history.version(PATH, proposal.commit!)).text;

  it("merges B, who changed other lines from the version A started from, into A's proposal; publishing puts both live, exactly as checked", async () => {
    const a = await accepted(await propose('alex', change(opened.text, A_LINE)), 201);
    const b = await accepted(await propose('sam', change(opened.text, B_LINE)), 200);

    expect(b).toMatchObject({
      merged: true,
      proposal: { id: a.proposal.id, author: 'Alex Admin' },
    });
    const both = change(change(opened.text, A_LINE), B_LINE);
    expect(await fileOf(b.proposal)).toBe(both);
    expect(b.proposal.pages[0]!.blob).not.toBe(a.proposal.pages[0]!.blob);

    await world.checksFinish(b.proposal, 'passed');
    const published = await accepted(await call('alex', 'POST', publishUrl(b.proposal.id)), 200);
    expect(published.proposal).toMatchObject({
      state: 'published',
      published: { commit: await world.liveHead() },
    });
    expect(await world.liveFile(PATH)).toBe(both);
  });

  it("refuses B, who changed the same lines, in words with A's change and A's version to start again from; started again from it, B's change is added", async () => {
    const a = await accepted(await propose('alex', change(opened.text, A_LINE)), 201);
    const clash = change(opened.text, [A_LINE[0], 'lead: A different lead.']);

    const refusal = await refused(await propose('sam', clash));

    expect(refusal.error).toMatchObject({
      code: 'proposal-changed',
      title: 'Someone else has a change of this page waiting',
    });
    expect(refusal.error.message).toContain(
      "Alex Admin proposed a change to this page (“Alex Admin's change”)",
    );
    expect(refusal.error.hint).toContain('Your draft is kept in the builder.');
    expect(refusal.diff).toContain(`-    ${A_LINE[0]}\n+    ${A_LINE[1]}`);
    expect(refusal.newer).toMatchObject({
      commit: a.proposal.commit,
      blob: a.proposal.pages[0]!.blob,
      by: 'Alex Admin',
    });
    expect(await fileOf((await world.backend.list())[0]!)).toBe(change(opened.text, A_LINE));

    // B starts again from A's version: nothing is merged, B's text is the proposal's.
    const again = change(change(opened.text, A_LINE), [
      A_LINE[1],
      'lead: A careful clean, top to bottom, for every room.',
    ]);
    const b = await accepted(await propose('sam', again, refusal.newer!.blob), 200);
    expect(b.merged).toBeUndefined();
    expect(await fileOf(b.proposal)).toBe(again);
  });

  it('refuses a change made from a version the page never had, or without one, and never replaces the page', async () => {
    const unknown = await refused(
      await propose('sam', change(opened.text, B_LINE), 'f'.repeat(40)),
    );
    expect(unknown.error).toMatchObject({
      code: 'unknown-version',
      message: `Your change names a version of ${PATH} that this page never had, so it cannot be compared with the page as it is now. Nothing was proposed.`,
    });
    // Another page's version is not one of this page's.
    const other = (await world.backend.snapshot()).files.get(
      'content/services/oven-cleaning-services.md',
    )!;
    expect(
      (await refused(await propose('sam', change(opened.text, B_LINE), other))).error.code,
    ).toBe('unknown-version');
    expect(
      (await refused(await propose('sam', change(opened.text, B_LINE), null))).error.code,
    ).toBe('page-exists');
    expect(await world.backend.list()).toEqual([]);
    expect(await world.liveFile(PATH)).toBe(opened.text);
  });

  it('of two proposals at the same instant, one wins and the other is told in words or merged; no branch is left without its proposal', async () => {
    const answers = await Promise.all([
      propose('alex', change(opened.text, A_LINE)),
      propose('sam', change(opened.text, B_LINE)),
    ]);

    const statuses = answers.map((answer) => answer.status).sort();
    expect([
      [201, 409],
      [200, 201],
    ]).toContainEqual(statuses);
    // The one that lost, if one did, is told why in words.
    const losers = await Promise.all(
      answers
        .filter((answer) => answer.status === 409)
        .map(async (loser) => {
          const { code, title } = (await refused(loser)).error;
          return { code, title };
        }),
    );
    const told = { code: 'conflict', title: 'Someone else changed this at the same time' };
    expect(losers).toEqual(statuses.includes(409) ? [told] : []);
    expect(await world.backend.list()).toHaveLength(1);
    const { branches, records } = await world.branchesAndRecords();
    expect(branches).toHaveLength(1);
    expect(records).toHaveLength(1);
  });

  it('refuses to publish a proposal whose page changed on the live branch since, in words, and publishes nothing', async () => {
    const a = await accepted(await propose('alex', change(opened.text, A_LINE)), 201);
    await world.checksFinish(a.proposal, 'passed');
    const developers = change(opened.text, B_LINE);
    await world.commitOnLive({ [PATH]: developers });

    const refusal = await refused(await call('alex', 'POST', publishUrl(a.proposal.id)));

    expect(refusal.error).toMatchObject({ code: 'changed-on-branch' });
    expect(refusal.error.message).toContain('so publishing it would undo that change');
    expect(await world.liveFile(PATH)).toBe(developers);
    expect(await world.backend.list()).toHaveLength(1);
  });

  it('of two publishes at the same instant, one publishes and the other is told in words', async () => {
    const a = await accepted(await propose('alex', change(opened.text, A_LINE)), 201);
    await world.checksFinish(a.proposal, 'passed');

    const answers = await Promise.all([
      call('alex', 'POST', publishUrl(a.proposal.id)),
      call('sam', 'POST', publishUrl(a.proposal.id)),
    ]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, expect.any(Number)]);
    const other = answers.find((answer) => answer.status !== 200)!;
    expect([404, 409]).toContain(other.status);
    expect((await refused(other, other.status)).error.message).toMatch(/published|changed/);
    expect(await world.liveFile(PATH)).toBe(change(opened.text, A_LINE));
    expect(await world.branchesAndRecords()).toEqual({ branches: [], records: [] });
  });

  it("follows a published commit: building until the live build contains it, then live; failed, in the platform's words, when its deploy failed", async () => {
    const before = await world.liveHead();
    const a = await accepted(await propose('alex', change(opened.text, A_LINE)), 201);
    await world.checksFinish(a.proposal, 'passed');
    const { commit } = (await accepted(await call('alex', 'POST', publishUrl(a.proposal.id)), 200))
      .proposal.published!;
    const deploy = async (live?: string) =>
      DeployAnswerSchema.parse(await (await call('alex', 'GET', deployUrl(commit, live))).json())
        .deploy;

    expect(await deploy(before)).toMatchObject({ commit, state: 'building' });
    expect(await deploy()).toMatchObject({ state: 'building' });
    expect(await deploy(commit)).toEqual({ commit, state: 'live' });
    // A later build contains it too.
    await world.commitOnLive({ [PATH]: change(await world.liveFile(PATH), B_LINE) });
    expect((await deploy(await world.liveHead())).state).toBe('live');

    world.deployFails(commit);
    expect(await deploy(before)).toMatchObject({
      commit,
      state: 'failed',
      message: expect.stringMatching(/failed/),
    });
    expect(
      (await refused(await call('alex', 'GET', deployUrl('0'.repeat(40))), 404)).error.code,
    ).toBe('no-such-commit');
  });
});
