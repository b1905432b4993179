// @vitest-environment happy-dom
// One proposal as the administrator follows it (src/apps/builder/proposals/ProposalView.tsx),
// rendered in a DOM and used as a person would, against a stand-in for the proposals API: its
// checks' problem in the form's words where the draft is at hand, by file and line on the
// dashboard; Publish only once the checks pass; Publish and Withdraw settle it; a refusal is said
// in words and the proposal stays. The real API, git and checks are the browser tests'
// (builder-publish.spec.ts, admin-photo-loop.spec.ts).
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiCallFailure } from '../../../../src/apps/account/api-call.ts';
import type { ProposalsClient } from '../../../../src/apps/builder/proposals/client.ts';
import { ProposalView } from '../../../../src/apps/builder/proposals/ProposalView.tsx';
import type { Proposal } from '../../../../src/kernel/wire/proposals.ts';

afterEach(cleanup);

const PATH = 'content/services/oven-cleaning-services.md';

const proposal = (checks: Proposal['checks'], state: Proposal['state'] = 'open'): Proposal => ({
  id: 'oven-cleaning-services-20261128-1200',
  branch: 'content/oven-cleaning-services-20261128-1200',
  path: PATH,
  page: 'Oven Cleaning',
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
  problem: { file: PATH, line: 13, field: 'images.0.src', message: 'There is no photo "media/oven.jpg" in the media library.' },
};

/** A stand-in for the API: each call answers as given. */
function client(answers: Partial<ProposalsClient>): ProposalsClient {
  const never = () => Promise.reject(new Error('not called in this test'));
  return { propose: never, list: never, get: never, publish: never, withdraw: never, history: never, version: never, deploy: never, ...answers };
}

describe('a proposal as the administrator follows it', () => {
  it("says where a failed check's problem is in the form's words where the draft is at hand, and by file and line on the dashboard", () => {
    const placeOf = (problem: { field?: string }) => (problem.field === 'images.0.src' ? 'Photo 1, Photo: ' : '');
    render(<ProposalView initial={proposal(missingPhoto)} client={client({})} placeOf={placeOf} />);
    const checks = screen.getByRole('status');
    expect(checks.textContent).toContain('Checks: failed. Photo 1, Photo: There is no photo "media/oven.jpg" in the media library.');
    expect(checks.textContent).not.toContain('images.0.src');
    cleanup();

    render(<ProposalView initial={proposal(missingPhoto)} client={client({})} />);
    expect(screen.getByRole('status').textContent).toContain(`${PATH}, line 13`);
  });

  it('keeps a problem in another file by file and line, even where a draft is at hand', () => {
    const elsewhere = { ...missingPhoto, problem: { ...missingPhoto.problem!, file: 'content/areas/orpington.md' } };
    render(<ProposalView initial={proposal(elsewhere)} client={client({})} placeOf={() => 'Photo 1, Photo: '} />);
    expect(screen.getByRole('status').textContent).not.toContain('Photo 1, Photo:');
  });

  it('offers Publish only once the checks pass; publishing settles it and says so', async () => {
    const onSettled = vi.fn();
    const publish = vi.fn(async () => proposal({ state: 'passed' }, 'published'));
    const { rerender } = render(<ProposalView initial={proposal(missingPhoto)} client={client({ publish })} onSettled={onSettled} />);
    expect(screen.getByRole('button', { name: 'Publish' }).hasAttribute('disabled')).toBe(true);

    rerender(<ProposalView initial={proposal({ state: 'passed' })} client={client({ publish })} onSettled={onSettled} />);
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published: the page changes with the next build of the site.')).toBeTruthy();
    expect(publish).toHaveBeenCalledWith('oven-cleaning-services-20261128-1200');
    expect(onSettled).toHaveBeenCalledWith(expect.objectContaining({ state: 'published' }));
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('withdraws, and says nothing was published', async () => {
    const withdraw = vi.fn(async () => proposal({ state: 'passed' }, 'withdrawn'));
    render(<ProposalView initial={proposal({ state: 'passed' })} client={client({ withdraw })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawn: nothing was published.')).toBeTruthy();
  });

  it('says a refused publish in words, and the proposal stays open with its buttons', async () => {
    const refusal = new ApiCallFailure(409, {
      error: { code: 'checks-waiting', title: 'The checks have not finished', message: 'The proposal can be published once its checks have passed.', hint: 'Wait for the checks, then publish.' },
    });
    render(<ProposalView initial={proposal({ state: 'passed' })} client={client({ publish: () => Promise.reject(refusal) })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/The checks have not finished/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish' }).hasAttribute('disabled')).toBe(false);
    expect(document.body.textContent).not.toMatch(/checks-waiting|409/);
  });
});
