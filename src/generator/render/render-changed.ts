// Stages 3 and 4 of a build (build.ts) for the pages: only those whose render key changed are
// rendered, by the page pool's threads, and written. Apart from the session, which holds the state
// it is given: the output folder, the page keys and the code's render key.
import type { RenderInput } from '../../kernel/render/page-context.tsx';
import type { RenderJob } from '../../kernel/render/render-page.tsx';
import { digest } from '../content/load-entry.ts';
import { HEALTH_LINT_MAX_PAGES } from '../emit/health-lint.ts';
import type { OutputFolder } from '../emit/output-folder.ts';
import type { PagePool } from '../threads/page-pool.ts';
import type { PageKeys, PartDigests } from './page-keys.ts';

/**
 * Stages 3 and 4 for the pages: those whose key changed are rendered and written. Returns how
 * many were rendered, every job's key (in order) and their HTML, kept for the content health up to its limit.
 */
export async function renderChanged(
  { folder, pageKeys, renderKey }: { folder: OutputFolder; pageKeys: PageKeys; renderKey: string },
  {
    input,
    jobs,
    digests,
    pool,
  }: { input: RenderInput; jobs: RenderJob[]; digests: PartDigests; pool: PagePool },
): Promise<{ rendered: number; keys: string[]; html: ReadonlyMap<string, string> }> {
  const keys: string[] = [];
  const todo: RenderJob[] = [];
  const keyOf = new Map<string, string>();
  for (const job of jobs) {
    const key =
      'page' in job
        ? pageKeys.keyOf(digests, job.page)
        : digest(renderKey, digests.layout, job.error.digest);
    keys.push(key);
    if (folder.known(job.path)?.key === key) folder.keep(job.path);
    else {
      todo.push(job);
      keyOf.set(job.path, key);
    }
  }
  // Each thread writes the pages it renders, so the HTML of thousands of pages is never held at
  // once; up to the content health's limit, it comes back for the lint, which then need not render it again.
  const html = new Map<string, string>();
  const keepHtml = todo.length <= HEALTH_LINT_MAX_PAGES;
  await folder.beforeWriting();
  await pool.render(
    { input, root: folder.root, keepHtml },
    todo,
    (file) => folder.known(file)?.hash,
    (pages) => {
      for (const page of pages) {
        if (page.html !== undefined) html.set(page.path, page.html);
        folder.wroteFile(page.path, page, keyOf.get(page.path));
      }
    },
  );
  return { rendered: todo.length, keys, html };
}
