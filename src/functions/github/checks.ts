// A proposal's checks and preview on GitHub, from its head commit: the check runs (the content
// workflow's job, whose annotations are `npm run check`'s problems) and the commit statuses
// (Netlify's deploy preview reports itself as one whose context starts with "deploy/netlify").
import type { Checks, Preview } from '../../kernel/wire/proposals.ts';

export interface CheckRun {
  id: number;
  name: string;
  status: string;
  conclusion: string | null;
  html_url?: string | null;
  output?: { title?: string | null; summary?: string | null };
}

export interface Annotation {
  path: string;
  start_line: number;
  annotation_level?: string | null;
  title?: string | null;
  message: string;
}

export interface CommitStatus {
  context: string;
  state: string;
  target_url?: string | null;
}

const FAILED = new Set(['failure', 'timed_out', 'cancelled', 'action_required', 'startup_failure', 'stale']);

/** The failed run whose first problem is told, if any. */
export const failedRun = (runs: readonly CheckRun[]) => runs.find((run) => run.status === 'completed' && FAILED.has(run.conclusion ?? ''));

/** Waiting until a run exists; running while any is not done; then failed if any failed, else passed. */
export function checksOf(runs: readonly CheckRun[], annotations: readonly Annotation[] = []): Checks {
  if (runs.length === 0) return { state: 'waiting' };
  if (runs.some((run) => run.status !== 'completed')) return { state: runs.some((run) => run.status === 'in_progress') ? 'running' : 'waiting' };
  const failed = failedRun(runs);
  if (!failed) return { state: 'passed' };
  const first = annotations.find((annotation) => annotation.annotation_level === 'failure') ?? annotations[0];
  const firstProblem = first
    ? `${first.path}, line ${first.start_line}: ${first.title ? `${first.title}. ` : ''}${first.message}`
    : failed.output?.title || `The check "${failed.name}" failed (${failed.conclusion}).`;
  return { state: 'failed', firstProblem, ...(failed.html_url ? { url: failed.html_url } : {}) };
}

/** Netlify's deploy preview, from its commit status. */
export function previewOf(statuses: readonly CommitStatus[]): Preview {
  const netlify = statuses.find((status) => status.context.startsWith('deploy/netlify'));
  if (!netlify) return { state: 'none' };
  if (netlify.state === 'success') return { state: 'ready', ...(netlify.target_url ? { url: netlify.target_url } : {}) };
  if (netlify.state === 'pending') return { state: 'building' };
  return { state: 'failed', ...(netlify.target_url ? { url: netlify.target_url } : {}) };
}
