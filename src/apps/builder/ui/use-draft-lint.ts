import { useEffect, useState } from 'react';
import { loadDraftLint, type DraftLint } from '../check-draft.ts';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';

/** The lint, once its module has loaded after the builder started; until then the checks run without it. */
export function useDraftLint(site: BuilderSite): DraftLint | null {
  const [lint, setLint] = useState<DraftLint | null>(null);
  useEffect(() => {
    let current = true;
    void loadDraftLint(site).then((loaded) => {
      if (current) setLint(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [site]);
  return lint;
}
