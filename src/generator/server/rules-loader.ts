// Keeps Netlify rules current without a watcher: before each request the rule
// files are stat'ed, and rules are re-parsed only when one changed. This lets a
// dev server pick up netlify.toml / _headers / _redirects edits for free.
import { statSync } from 'node:fs';
import {
  loadNetlifyRules,
  ruleFilesFor,
  type NetlifyRules,
  type NetlifyRuleSources,
} from './netlify-rules.ts';

export interface RulesLoader {
  /** Current rules; re-parsed when a rule file changed since the last call. */
  get(): Promise<NetlifyRules>;
}

// Synchronous, and without an error for a missing file: three stats a request cost a few
// microseconds this way, where fs/promises' (a thread-pool round trip each, and an error built for
// each missing file) made them the server's largest cost under the browser tests.
function signatureOf(files: readonly string[]): string {
  return files
    .map((file) => {
      const stats = statSync(file, { throwIfNoEntry: false });
      return stats ? `${stats.size}:${stats.mtimeMs}` : '-';
    })
    .join('|');
}

/**
 * Loads rules once (rejecting on invalid rules, so startup fails loudly).
 * Later reloads that fail are reported via `onReloadError` and the previous
 * rules stay in effect.
 */
export async function createRulesLoader(
  sources: NetlifyRuleSources,
  onReloadError: (error: unknown) => void,
): Promise<RulesLoader> {
  const files = ruleFilesFor(sources);
  let signature = signatureOf(files);
  let current: Promise<NetlifyRules> = loadNetlifyRules(sources);
  await current;

  return {
    async get() {
      const next = signatureOf(files);
      if (next !== signature) {
        signature = next;
        const previous = current;
        current = loadNetlifyRules(sources).catch(async (error: unknown) => {
          onReloadError(error);
          return previous;
        });
      }
      return current;
    },
  };
}
