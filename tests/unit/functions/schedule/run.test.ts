// Change sets and publishing at a time, through the proposals function's own handler and the
// scheduled run (src/functions/schedule/run.ts), on both backends (tests/support/publishing-worlds.ts),
// the clock moved by the test. A change of two pages is one change, checked once and published in
// one commit; a scheduled change is published by the first run from its time, once its checks
// passed on the version live now, and never when they failed (it says why, in words); a run that
// was missed is made up late, and says so; two runs at once publish once.
import type { DecodedIdToken } from 'firebase-admin/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { proposalsHandler } from '../../../../src/functions/proposals/handler.ts';
import { publishDue } from '../../../../src/functions/schedule/run.ts';
import {
  ApiErrorSchema,
  ProposalAnswerSchema,
  ProposalListSchema,
  type Proposal,
} from '../../../../src/kernel/wire/proposals.ts';
import {
  PROPOSALS_API,
  PUBLISHED_API,
  proposalUrl,
  scheduleUrl,
} from '../../../../src/kernel/wire/proposal-paths.ts';
import { publishedAtWords } from '../../../../src/kernel/wire/schedule-words.ts';
import { FAILS_THE_CHECK, WORLDS, type World } from '../../../support/publishing-worlds.ts';

vi.setConfig({ testTimeout: 60_000 });

const DEEP = 'content/services/deep-cleaning-services.md';
const ABOUT = 'content/pages/about.md';
const OTHER = 'content/pages/faqs.md';
/** Its time, on the clocks in London (GMT in December), and the instant it names. */
const WHEN = { date: '2030-12-02', time: '09:00' };
const AT = new Date('2030-12-02T09:00:00Z');
const minutes = (n: number) => new Date(AT.getTime() + n * 60_000);

const verify = async (token: string) =>
  ({
    uid: token,
    admin: true,
    name: 'Sam Owner',
    email: 'sam@ardent.example',
  }) as unknown as DecodedIdToken;
/** Each page's new title: the change's. */
const PRICED: Record<string, string> = {
  [DEEP]: 'Deep Cleaning from £90 | Ardent',
  [ABOUT]: 'About Ardent, cleaning from £90',
};
const retitled = (text: string, title: string) => text.replace(/^title: .*$/m, `title: ${title}`);

describe.each(WORLDS)('change sets and publishing at a time, %s', (_where, makeWorld) => {
  let world: World;
  let handle: ReturnType<typeof proposalsHandler>;
  const log: string[] = [];

  beforeEach(async () => {
    world = await makeWorld();
    world.clock.now = new Date('2030-11-28T12:00:00Z');
    handle = proposalsHandler(
      () => ({ verify, backend: world.backend, library: undefined, clock: () => world.clock.now }),
      () => {},
    );
  });
  afterEach(() => world.close());

  const call = (method: string, address: string, body?: unknown) =>
    handle(
      new Request(`http://site.test${address}`, {
        method,
        headers: { authorization: 'Bearer sam', 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return ProposalAnswerSchema.parse(await response.json()).proposal;
  };
  const refused = async (response: Response, status: number) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return ApiErrorSchema.parse(await response.json()).error;
  };
  const run = () => publishDue(world.backend, world.clock.now, (message) => log.push(message));
  const snapshotBlob = async (path: string) => (await world.backend.snapshot()).files.get(path)!;

  /** A change of two pages, checked: new prices on the deep cleaning page and on the about page. */
  async function twoPageChange(): Promise<Proposal> {
    const files = await Promise.all(
      [DEEP, ABOUT].map(async (path) => ({
        path,
        text: retitled(await world.liveFile(path), PRICED[path]!),
        blob: await snapshotBlob(path),
      })),
    );
    const proposal = await ok(
      await call('POST', PROPOSALS_API, { files, summary: 'New prices' }),
      201,
    );
    await world.checksFinish(proposal, 'passed');
    return proposal;
  }

  it('takes a change of two pages as one, checked once, and publishes it at its time in one commit', async () => {
    const before = await world.liveCommits();
    const change = await twoPageChange();
    expect(change.pages.map((page) => page.path)).toEqual([DEEP, ABOUT]);
    expect((await world.branchesAndRecords()).branches).toHaveLength(1);

    const scheduled = await ok(await call('POST', scheduleUrl(change.id), WHEN));
    expect(scheduled.schedule).toEqual({ ...WHEN, at: AT.toISOString(), by: 'Sam Owner' });
    world.clock.now = minutes(-1);
    expect(await run()).toEqual({ published: [], waiting: [], notPublished: [] });

    world.clock.now = minutes(0.5);
    const { published } = await run();

    expect(published.map((one) => one.id)).toEqual([change.id]);
    expect(await world.liveCommits()).toEqual([published[0]!.published!.commit, ...before]);
    for (const path of [DEEP, ABOUT])
      expect(await world.liveFile(path)).toContain(`title: ${PRICED[path]}`);
    const [lately] = ProposalListSchema.parse(
      await (await call('GET', PUBLISHED_API)).json(),
    ).proposals;
    expect(publishedAtWords(lately!.published!.at, lately!.schedule!, 2030)).toBe(
      'Published at its time, Monday 2 December at 09:00.',
    );
    expect(await world.branchesAndRecords()).toEqual({ branches: [], records: [] });
  });

  it('adds a page to an open change by naming it; a page of another change is refused in words', async () => {
    const change = await twoPageChange();
    const other = {
      path: OTHER,
      text: retitled(await world.liveFile(OTHER), 'Questions about our prices | Ardent'),
      blob: await snapshotBlob(OTHER),
    };

    const added = await ok(
      await call('POST', PROPOSALS_API, {
        files: [other],
        summary: 'Add the FAQs',
        change: change.id,
      }),
    );

    expect(added).toMatchObject({ id: change.id, summary: 'New prices' });
    expect(added.pages.map((page) => page.path)).toEqual([DEEP, ABOUT, OTHER]);
    const elsewhere = {
      path: DEEP,
      text: retitled(await world.liveFile(DEEP), 'Deep Cleaning near you | Ardent'),
      blob: await snapshotBlob(DEEP),
    };
    const own = await ok(
      await call('POST', PROPOSALS_API, {
        files: [
          {
            path: 'content/pages/contact.md',
            text: retitled(
              await world.liveFile('content/pages/contact.md'),
              'Contact Ardent in Orpington',
            ),
            blob: await snapshotBlob('content/pages/contact.md'),
          },
        ],
        summary: 'Contact',
      }),
      201,
    );
    expect(
      await refused(
        await call('POST', PROPOSALS_API, { files: [elsewhere], summary: 'Clash', change: own.id }),
        409,
      ),
    ).toMatchObject({
      code: 'page-in-another-change',
      message: `${DEEP} is already in another change waiting to be published (“New prices”), so it cannot be added to this one.`,
    });
  });

  it('changes and cancels the time until then; refuses a time in the past, and one for a change whose checks have not passed', async () => {
    const change = await twoPageChange();
    await ok(await call('POST', scheduleUrl(change.id), WHEN));
    const moved = await ok(
      await call('POST', scheduleUrl(change.id), { date: '2030-12-03', time: '10:30' }),
    );
    expect(moved.schedule).toMatchObject({
      date: '2030-12-03',
      time: '10:30',
      at: '2030-12-03T10:30:00.000Z',
    });
    expect(
      await refused(
        await call('POST', scheduleUrl(change.id), { date: '2030-11-28', time: '11:00' }),
        400,
      ),
    ).toMatchObject({
      code: 'time-passed',
      message: 'Thursday 28 November at 11:00 is already past, on the clocks in the UK.',
    });
    expect((await ok(await call('DELETE', scheduleUrl(change.id)))).schedule).toBeUndefined();
    world.clock.now = new Date('2030-12-04T00:00:00Z');
    expect((await run()).published).toEqual([]);

    const fresh = {
      path: OTHER,
      text: retitled(await world.liveFile(OTHER), 'Frequently asked questions | Ardent'),
      blob: await snapshotBlob(OTHER),
    };
    const waiting = await ok(
      await call('POST', PROPOSALS_API, { files: [fresh], summary: 'FAQs' }),
      201,
    );
    expect(
      await refused(
        await call('POST', scheduleUrl(waiting.id), { date: '2030-12-05', time: '09:00' }),
        409,
      ),
    ).toMatchObject({ code: 'checks-waiting' });
  });

  it('publishes a change whose run was missed at the next run, and says how late', async () => {
    const change = await twoPageChange();
    await ok(await call('POST', scheduleUrl(change.id), WHEN));
    world.clock.now = minutes(125);

    const [published] = (await run()).published;

    expect(publishedAtWords(published!.published!.at, published!.schedule!, 2030)).toBe(
      'Published late, 2 hours 5 minutes after its time (Monday 2 December at 09:00): the scheduled run did not happen at its time (the site may have been down).',
    );
  });

  it('never publishes a change whose checks fail on the version live now, and says why in words', async () => {
    const change = await twoPageChange();
    await ok(await call('POST', scheduleUrl(change.id), WHEN));
    // A developer's change to the live site that makes the checks fail, after the change's passed.
    await world.commitOnLive({ [OTHER]: `${await world.liveFile(OTHER)}\n${FAILS_THE_CHECK}\n` });
    const live = await world.liveCommits();
    world.clock.now = minutes(1);

    // The live site moved since its checks ran: they run again on the version live now.
    expect(await run()).toEqual({ published: [], waiting: [change.id], notPublished: [] });
    const again = await ok(await call('GET', proposalUrl(change.id)));
    expect(again.schedule!.note).toMatchObject({
      state: 'waiting',
      error: { code: 'checks-again', title: 'The checks are running again' },
    });
    expect(again.commit).not.toBe(change.commit);
    await world.checksFinish(again, 'failed');

    expect(await run()).toEqual({ published: [], waiting: [], notPublished: [change.id] });
    const refusedNote = (await ok(await call('GET', proposalUrl(change.id)))).schedule!.note!;
    expect(refusedNote).toMatchObject({
      state: 'not-published',
      error: { code: 'checks-failed', title: 'The checks failed' },
    });
    expect(refusedNote.error.message).toMatch(
      /^The site's checks failed on this proposal, so it cannot be published\. The first problem: content\/pages\/(about|faqs)\.md, line 2/,
    );
    expect(await world.liveCommits()).toEqual(live);
    // Said once: a later run leaves the note as it is, and still publishes nothing.
    world.clock.now = minutes(5);
    expect((await run()).notPublished).toEqual([change.id]);
    expect((await ok(await call('GET', proposalUrl(change.id)))).schedule!.note!.at).toBe(
      refusedNote.at,
    );
  });

  it("publishes on a later run once the checks pass again on the version live now, with the developer's change kept", async () => {
    const change = await twoPageChange();
    await ok(await call('POST', scheduleUrl(change.id), WHEN));
    await world.commitOnLive({
      [OTHER]: retitled(await world.liveFile(OTHER), 'Questions and answers | Ardent'),
    });
    world.clock.now = minutes(1);
    expect((await run()).waiting).toEqual([change.id]);
    await world.checksFinish(await ok(await call('GET', proposalUrl(change.id))), 'passed');

    world.clock.now = minutes(2);
    expect((await run()).published.map((one) => one.id)).toEqual([change.id]);
    expect(await world.liveFile(OTHER)).toContain('title: Questions and answers | Ardent');
    expect(await world.liveFile(ABOUT)).toContain(`title: ${PRICED[ABOUT]}`);
  });

  it('publishes once when two runs come at the same instant', async () => {
    const change = await twoPageChange();
    await ok(await call('POST', scheduleUrl(change.id), WHEN));
    const before = await world.liveCommits();
    world.clock.now = minutes(1);

    const reports = await Promise.all([run(), run()]);

    expect(reports.flatMap((report) => report.published).map((one) => one.id)).toEqual([change.id]);
    expect(await world.liveCommits()).toHaveLength(before.length + 1);
    expect(await world.branchesAndRecords()).toEqual({ branches: [], records: [] });
  });
});
