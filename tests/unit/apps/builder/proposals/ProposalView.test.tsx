// @vitest-environment happy-dom
// One change as the administrator follows it (src/apps/builder/proposals/ProposalView.tsx),
// rendered in a DOM and used as a person would, against a stand-in for the proposals API: its
// pages, each with its own problems (in the form's words where the draft is at hand, by line on the
// dashboard) and a link to edit it into the same change; Publish only once the checks pass; Publish
// and Withdraw settle it; Publish at… sets, changes and cancels its time, in the owner's words; a
// refusal is said in words and the change stays. The real API, git and checks are the browser tests'
// (builder-publish.spec.ts, admin-photo-loop.spec.ts).
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiCallFailure } from '../../../../../src/apps/account/api-call.ts';
import type { ProposalsClient } from '../../../../../src/apps/shared/proposals-client.ts';
import { ProposalView } from '../../../../../src/apps/builder/proposals/ProposalView.tsx';
import type { Proposal } from '../../../../../src/kernel/wire/proposals.ts';

afterEach(cleanup);

const PATH = 'content/services/oven-cleaning-services.md';

const proposal = (checks: Proposal['checks'], state: Proposal['state'] = 'open'): Proposal => ({
  id: 'oven-cleaning-services-20261128-1200',
  branch: 'content/oven-cleaning-services-20261128-1200',
  pages: [{ path: PATH, page: 'Oven Cleaning', route: '/oven-cleaning-services' }],
  summary: 'Show the cleaned oven',
  author: 'admin@ardent.example',
  created: '2026-11-28T12:00:00Z',
  updated: '2026-11-28T12:00:00Z',
  url: null,
  state,
  checks,
  preview: { state: 'none' },
  local: true,
});

const missingPhoto: Proposal['checks'] = {
  state: 'failed',
  firstProblem: `${PATH}, line 13 (images.0.src): A photo from the media library does not exist. There is no photo "media/oven.jpg" in the media library.`,
  problems: [
    {
      file: PATH,
      line: 13,
      field: 'images.0.src',
      message: 'There is no photo "media/oven.jpg" in the media library.',
    },
  ],
};

/** A stand-in for the API: each call answers as given. */
function client(answers: Partial<ProposalsClient>): ProposalsClient {
  const never = () => Promise.reject(new Error('not called in this test'));
  return {
    propose: never,
    list: never,
    published: never,
    get: never,
    publish: never,
    withdraw: never,
    schedule: never,
    history: never,
    version: never,
    deploy: never,
    ...answers,
  };
}

describe('a proposal as the administrator follows it', () => {
  it("lists a failed check's problem under its page, in the form's words where the draft is at hand, and by line on the dashboard", () => {
    const placeOf = (problem: { file: string; field?: string }) =>
      problem.file === PATH && problem.field === 'images.0.src' ? 'Photo 1, Photo: ' : undefined;
    render(<ProposalView initial={proposal(missingPhoto)} client={client({})} placeOf={placeOf} />);
    const page = document.querySelector(`[data-page="${PATH}"]`)!;
    expect(page.textContent).toContain(
      'Photo 1, Photo: There is no photo "media/oven.jpg" in the media library.',
    );
    expect(page.textContent).not.toContain('images.0.src');
    expect(screen.getByRole('status').textContent).toMatch(/^Checks: failed\.\s*$/);
    cleanup();

    render(<ProposalView initial={proposal(missingPhoto)} client={client({})} />);
    expect(document.querySelector(`[data-page="${PATH}"]`)!.textContent).toContain(
      'Line 13: There is no photo',
    );
  });

  it("says a problem in a file that is none of its pages in the checks' line, by file and line", () => {
    const elsewhere = {
      ...missingPhoto,
      firstProblem: 'content/areas/orpington.md, line 2: A field has the wrong value.',
      problems: [{ ...missingPhoto.problems![0]!, file: 'content/areas/orpington.md' }],
    };
    render(
      <ProposalView
        initial={proposal(elsewhere)}
        client={client({})}
        placeOf={() => 'Photo 1, Photo: '}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain('content/areas/orpington.md, line 2');
    expect(document.body.textContent).not.toContain('Photo 1, Photo:');
  });

  it('lists each page of a change of two, each a link to edit it into the same change', () => {
    const two = {
      ...proposal({ state: 'passed' }),
      pages: [
        ...proposal({ state: 'passed' }).pages,
        { path: 'content/pages/about.md', page: 'About', route: '/about' },
      ],
    };
    render(<ProposalView initial={two} client={client({})} />);
    expect(document.body.textContent).toContain('2 pages, published together');
    expect(screen.getByRole('link', { name: 'Edit About' }).getAttribute('href')).toBe(
      '/integrated-builder?route=%2Fabout&change=oven-cleaning-services-20261128-1200',
    );
    expect(screen.getByRole('link', { name: 'Edit Oven Cleaning' })).toBeTruthy();
  });

  it('offers Publish only once the checks pass; publishing settles it and says so', async () => {
    const onSettled = vi.fn<(settled: Proposal) => void>();
    const publish = vi.fn<ProposalsClient['publish']>(async () =>
      proposal({ state: 'passed' }, 'published'),
    );
    const { rerender } = render(
      <ProposalView
        initial={proposal(missingPhoto)}
        client={client({ publish })}
        onSettled={onSettled}
      />,
    );
    expect(screen.getByRole('button', { name: 'Publish' }).hasAttribute('disabled')).toBe(true);

    rerender(
      <ProposalView
        initial={proposal({ state: 'passed' })}
        client={client({ publish })}
        onSettled={onSettled}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText('Published: the page changes with the next build of the site.'),
    ).toBeTruthy();
    expect(publish).toHaveBeenCalledWith('oven-cleaning-services-20261128-1200');
    expect(onSettled).toHaveBeenCalledWith(expect.objectContaining({ state: 'published' }));
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('withdraws, and says nothing was published', async () => {
    const withdraw = vi.fn<ProposalsClient['withdraw']>(async () =>
      proposal({ state: 'passed' }, 'withdrawn'),
    );
    render(<ProposalView initial={proposal({ state: 'passed' })} client={client({ withdraw })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawn: nothing was published.')).toBeTruthy();
  });

  it('says a refused publish in words, and the proposal stays open with its buttons', async () => {
    const refusal = new ApiCallFailure(409, {
      error: {
        code: 'checks-waiting',
        title: 'The checks have not finished',
        message: 'The proposal can be published once its checks have passed.',
        hint: 'Wait for the checks, then publish.',
      },
    });
    render(
      <ProposalView
        initial={proposal({ state: 'passed' })}
        client={client({ publish: () => Promise.reject(refusal) })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/The checks have not finished/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish' }).hasAttribute('disabled')).toBe(false);
    expect(document.body.textContent).not.toMatch(/checks-waiting|409/);
  });

  it("publishes at a time: Publish at… takes a day and a time, says it in the owner's words, and changes or cancels it", async () => {
    const when = { date: '2030-12-02', time: '09:00' };
    const scheduled = {
      ...proposal({ state: 'passed' }),
      schedule: { ...when, at: '2030-12-02T09:00:00.000Z', by: 'admin@ardent.example' },
    };
    const schedule = vi.fn<ProposalsClient['schedule']>(async (_id, asked) =>
      asked
        ? { ...scheduled, schedule: { ...scheduled.schedule, ...asked } }
        : proposal({ state: 'passed' }),
    );
    render(<ProposalView initial={proposal({ state: 'passed' })} client={client({ schedule })} />);

    await userEvent.click(screen.getByRole('button', { name: 'Publish at…' }));
    await userEvent.type(screen.getByLabelText('Day'), when.date);
    await userEvent.clear(screen.getByLabelText('Time (UK)'));
    await userEvent.type(screen.getByLabelText('Time (UK)'), when.time);
    await userEvent.click(screen.getByRole('button', { name: 'Publish at this time' }));

    expect(schedule).toHaveBeenCalledWith('oven-cleaning-services-20261128-1200', when);
    expect(await screen.findByText('Publishes on Monday 2 December 2030 at 09:00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Do not publish at a time' }));
    expect(schedule).toHaveBeenLastCalledWith('oven-cleaning-services-20261128-1200', undefined);
    expect(screen.queryByText(/Publishes on/)).toBeNull();
  });

  it('says, in words, that a scheduled change was not published at its time, and why', () => {
    const note = {
      state: 'not-published' as const,
      at: '2030-12-02T09:00:30.000Z',
      error: {
        code: 'checks-failed',
        title: 'The checks failed',
        message:
          "The site's checks failed on this proposal, so it cannot be published. The first problem: content/pages/about.md, line 2: It says to fail the check.",
      },
    };
    render(
      <ProposalView
        initial={{
          ...proposal(missingPhoto),
          schedule: {
            date: '2030-12-02',
            time: '09:00',
            at: '2030-12-02T09:00:00.000Z',
            by: 'Sam',
            note,
          },
        }}
        client={client({})}
      />,
    );
    expect(document.querySelector('[data-schedule="not-published"]')!.textContent).toContain(
      "Not published at its time. The checks failed: The site's checks failed on this proposal",
    );
  });
});
