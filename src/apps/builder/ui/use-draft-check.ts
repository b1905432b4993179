// A draft's check as it changes: the last result stays until the next one is ready, and a result
// for a draft that has changed since is dropped. `delayMs` waits for typing to pause.
import { useEffect, useState } from 'react';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';
import { checkDraft, type DraftCheck, type DraftLint } from '../check-draft.ts';
import type { Draft } from '../draft.ts';

export function useDraftCheck(
  draft: Draft | null | undefined,
  site: BuilderSite,
  lint?: DraftLint,
  delayMs = 0,
): DraftCheck | null {
  const [check, setCheck] = useState<DraftCheck | null>(null);
  useEffect(() => {
    if (!draft) return undefined;
    let current = true;
    const timer = setTimeout(
      () =>
        void checkDraft(draft, site, lint).then((result) => {
          if (current) setCheck(result);
        }),
      delayMs,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [draft, site, lint, delayMs]);
  return check;
}
