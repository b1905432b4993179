// /experiments/block-builder/preview?draft=<id>: the draft's preview in a tab of its own, kept in
// sync with the builder (every change arrives on a BroadcastChannel; on opening, the saved draft,
// or the builder's answer to `{ want: id }` for one not saved yet, having no change).
import { useEffect, useState } from 'react';
import { useDraftCheck } from './use-draft-check.ts';
import { textOf, type Draft } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';
import { useSiteWithLibraryImages } from './LibraryImage.tsx';
import { PreviewFrame } from './PreviewFrame.tsx';
import { queryParameter } from './screen.tsx';
import { PREVIEW_CHANNEL } from './use-draft-editor.ts';

export function PreviewScreen({ site: siteData, store }: { site: BuilderSite; store: DraftStore }) {
  const id = queryParameter('draft');
  // undefined while it is looked for; null when there is none.
  const [draft, setDraft] = useState<Draft | null | undefined>(() => (id ? undefined : null));
  const site = useSiteWithLibraryImages(siteData, draft ?? null);
  useEffect(() => {
    if (!id) return undefined;
    const channel = new BroadcastChannel(PREVIEW_CHANNEL);
    let live = false;
    channel.addEventListener('message', (event: MessageEvent<Draft>) => {
      if (event.data.id !== id) return;
      live = true;
      setDraft(event.data);
    });
    channel.postMessage({ want: id });
    void store.get(id).then((saved) => {
      if (!live) setDraft(saved ?? null);
    });
    return () => channel.close();
  }, [id, store]);
  const page = useDraftCheck(draft, site)?.page;
  if (draft === undefined)
    return (
      <p>
        <output>Loading the draft…</output>
      </p>
    );
  if (draft === null) {
    return (
      <p className="notice">
        No draft to preview. Open the preview from the builder’s “Open the preview in a new tab”, or{' '}
        <a href="/test-builder-dashboard">choose a draft</a>.
      </p>
    );
  }
  return (
    <PreviewFrame
      page={page}
      site={site}
      title={textOf(draft.data.title) || 'Preview'}
      className="preview-tab"
    />
  );
}
