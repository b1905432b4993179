// The preview: the draft's page drawn by the site's own templates and stylesheet, inside the real
// layout, in a frame whose width is the chosen viewport (375, 768 or 1280 px), so the stylesheet's
// media queries apply as on a phone, a tablet or a desktop. The frame's document is written here
// (srcdoc) and drawn into by this page's React: nothing runs inside it.
import { useEffect, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { contentTemplate, contextFor } from '../../../kernel/render/page-context.tsx';
import type { SitePage } from '../../../kernel/site/pages.ts';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';

export const VIEWPORTS = [375, 768, 1280] as const;
export type Viewport = (typeof VIEWPORTS)[number];

const frameDocument = (stylesheet: string, title: string) =>
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${title.replace(/[<&]/g, '')}</title><link rel="stylesheet" href="${stylesheet}"></head><body></body></html>`;

export function PreviewFrame({ page, site, title }: { page: SitePage | undefined; site: BuilderSite; title: string }) {
  const [viewport, setViewport] = useState<Viewport>(1280);
  const frame = useRef<HTMLIFrameElement>(null);
  const root = useRef<Root | null>(null);
  const [ready, setReady] = useState(false);
  // The document is written once; later pages are drawn into it.
  const [source] = useState(() => frameDocument(site.parts.layout.assets.stylesheet, title));

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    // The frame first holds an empty about:blank document; the one to draw into is the srcdoc's.
    const attach = () => {
      const doc = element.contentDocument;
      if (!doc?.body || doc.URL !== 'about:srcdoc' || root.current) return;
      root.current = createRoot(doc.body);
      setReady(true);
    };
    if (element.contentDocument?.readyState === 'complete') attach();
    element.addEventListener('load', attach);
    return () => element.removeEventListener('load', attach);
  }, []);

  useEffect(() => {
    if (!ready || !root.current) return;
    const doc = frame.current?.contentDocument;
    if (doc && page) doc.title = `Preview: ${page.title}`;
    root.current.render(page ? contentTemplate(contextFor({ parts: site.parts, images: site.images }, page)) : <p className="preview-empty">The preview appears once the page has a valid route, title and heading.</p>);
    frame.current?.setAttribute('data-rendered', String(performance.now()));
  }, [page, ready, site]);

  return (
    <section className="preview" aria-labelledby="preview-heading">
      <div className="preview-bar">
        <h2 id="preview-heading">Preview</h2>
        <div className="viewport-toggle" role="group" aria-label="Preview width">
          {VIEWPORTS.map((width) => (
            <button key={width} type="button" className="button button-small button-secondary" aria-pressed={viewport === width} onClick={() => setViewport(width)}>
              {width} px
            </button>
          ))}
        </div>
      </div>
      <div className="preview-scroller" tabIndex={0} role="group" aria-label={`Preview at ${viewport} px wide`}>
        <iframe ref={frame} className={`preview-frame viewport-${viewport}`} title="Preview of the page as visitors will see it" srcDoc={source} />
      </div>
    </section>
  );
}
