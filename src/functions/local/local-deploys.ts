// Locally the build `npm start` runs after each publish is the deploy (scripts/serve.ts). A build
// that succeeds names its commit in latest-build.json, as a Netlify deploy does; one that fails
// writes nothing, so the server notes here which published commits it failed to build, and why,
// for the local backend to answer as GitHub's commit status answers on Netlify. Kept for the life
// of the process: the server and its functions run in one.
const failures = new Map<string, string>();

export const localDeploys = {
  /** The build of these published commits failed, saying `message`. */
  failed(commits: readonly string[], message: string): void {
    for (const commit of commits) failures.set(commit, message);
  },
  /** Why the build of this published commit failed, if it did. */
  failureOf(commit: string): string | undefined {
    return failures.get(commit);
  },
};
