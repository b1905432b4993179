// A proposal's checks and preview on GitHub, from its head commit: the check run of the content
// workflow's final job, REQUIRED_CHECK, which reports for the whole workflow (a content-only change's
// job or the code suite's; .github/workflows/content.yml), and the commit statuses (Netlify's deploy
// preview reports itself as one whose context starts with "deploy/netlify").
import type { Checks, Deploy, Preview } from '../../kernel/wire/proposals.ts';

/**
 * The name of the content workflow's final job: the one check branch protection requires and a
 * proposal waits for. It always reports, and fails when the job the change needed did not pass.
 * tests/project/workflow.test.ts holds the workflow to it.
 */
export const REQUIRED_CHECK = 'All checks';

export interface CheckRun {
  id: number;
  name: string;
  status: string;
  conclusion: string | null;
  html_url?: string | null;
  output?: { title?: string | null; summary?: string | null };
  /** A workflow run's jobs share one check suite. */
  check_suite?: { id: number } | null;
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
  description?: string | null;
}

const FAILED = new Set([
  'failure',
  'timed_out',
  'cancelled',
  'action_required',
  'startup_failure',
  'stale',
]);
const isFailed = (run: CheckRun) => run.status === 'completed' && FAILED.has(run.conclusion ?? '');

/** The latest run of the required check (a re-run makes another). */
const requiredRun = (runs: readonly CheckRun[]) =>
  runs
    .filter((run) => run.name === REQUIRED_CHECK)
    .reduce<CheckRun | undefined>(
      (latest, run) => (latest && latest.id > run.id ? latest : run),
      undefined,
    );

/**
 * The run whose first problem is told, once the required check has failed: the job that failed
 * before it (the content job, whose annotations are the content's and the pages' problems, or the
 * code suite's), else the required check itself.
 */
export function failedRun(runs: readonly CheckRun[]): CheckRun | undefined {
  const required = requiredRun(runs);
  if (!required || !isFailed(required)) return undefined;
  const sameWorkflow = (run: CheckRun) =>
    !required.check_suite || !run.check_suite || run.check_suite.id === required.check_suite.id;
  return (
    runs.find((run) => run.name !== REQUIRED_CHECK && sameWorkflow(run) && isFailed(run)) ??
    required
  );
}

/**
 * GitHub annotates a failed job itself ("Process completed with exit code 1.") on the path
 * ".github"; the checks' own problems name a file of the repository. Those, errors before warnings.
 */
function ownAnnotations(annotations: readonly Annotation[]): Annotation[] {
  const own = annotations.filter(
    (annotation) => annotation.path !== '.github' && !annotation.path.startsWith('.github/'),
  );
  return [
    ...own.filter((annotation) => annotation.annotation_level === 'failure'),
    ...own.filter((annotation) => annotation.annotation_level !== 'failure'),
  ];
}

/** The problems a failure keeps: enough for each page of a change to list its own. */
const PROBLEMS_KEPT = 20;

/**
 * Judged by the required check alone: waiting until it has a run (while the jobs before it work,
 * running when any run of the commit is in progress), passed when it succeeded, else failed with
 * the first problem of the job that failed (`annotations`: failedRun's), and the first few as data
 * for each page of the change to list its own.
 */
export function checksOf(
  runs: readonly CheckRun[],
  annotations: readonly Annotation[] = [],
): Checks {
  const required = requiredRun(runs);
  if (!required || required.status !== 'completed')
    return { state: runs.some((run) => run.status === 'in_progress') ? 'running' : 'waiting' };
  const failed = failedRun(runs);
  if (!failed) return { state: 'passed' };
  const own = ownAnnotations(annotations);
  const first = own[0];
  const firstProblem = first
    ? `${first.path}, line ${first.start_line}: ${first.title ? `${first.title}. ` : ''}${first.message}`
    : failed.output?.title ||
      `The check "${failed.name}" failed (${failed.conclusion}): its log on GitHub says why.`;
  const problems = own.slice(0, PROBLEMS_KEPT).map((annotation) => ({
    file: annotation.path,
    line: annotation.start_line,
    message: annotation.message,
  }));
  return {
    state: 'failed',
    firstProblem,
    ...(problems.length ? { problems } : {}),
    ...(failed.html_url ? { url: failed.html_url } : {}),
  };
}
/** Netlify's commit status: on a pull request's head commit its deploy preview, on a published commit its deploy. */
const netlifyStatus = (statuses: readonly CommitStatus[]) =>
  statuses.find((status) => status.context.startsWith('deploy/netlify'));

/**
 * A published commit's deploy, from Netlify's commit status on it: failed (the status's link is
 * Netlify's deploy log), else building; whether it is live is for the live site's
 * latest-build.json to say, since a deploy that succeeded may not be the one served.
 */
export function deployOf(
  statuses: readonly CommitStatus[],
): Pick<Deploy, 'state' | 'url' | 'message'> {
  const netlify = netlifyStatus(statuses);
  const url = netlify?.target_url ? { url: netlify.target_url } : {};
  if (netlify?.state === 'failure' || netlify?.state === 'error')
    return {
      state: 'failed',
      ...url,
      ...(netlify.description ? { message: netlify.description } : {}),
    };
  return { state: 'building', ...url };
}

/** Netlify's deploy preview, from its commit status. */
export function previewOf(statuses: readonly CommitStatus[]): Preview {
  const netlify = netlifyStatus(statuses);
  if (!netlify) return { state: 'none' };
  if (netlify.state === 'success')
    return { state: 'ready', ...(netlify.target_url ? { url: netlify.target_url } : {}) };
  if (netlify.state === 'pending') return { state: 'building' };
  return { state: 'failed', ...(netlify.target_url ? { url: netlify.target_url } : {}) };
}
