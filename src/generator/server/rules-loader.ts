// Keeps Netlify rules current without a watcher: before each request the rule
// files are stat'ed, and rules are re-parsed only when one changed. This lets a
// dev server pick up netlify.toml / _headers / _redirects edits for free.
import { stat } from 'node:fs/promises';
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

async function signatureOf(files: readonly string[]): Promise<string> {
  const parts = await Promise.all(
    files.map(async (file) => {
      const stats = await stat(file).catch(() => null);
      return stats ? `${stats.size}:${stats.mtimeMs}` : '-';
    }),
  );
  return parts.join('|');
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
  let signature = await signatureOf(files);
  let current: Promise<NetlifyRules> = loadNetlifyRules(sources);
  await current;

  return {
    async get() {
      const next = await signatureOf(files);
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
