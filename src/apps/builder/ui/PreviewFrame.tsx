// The preview: the draft's page drawn by the site's own templates and stylesheet, inside the real
// layout, in a frame whose width is the chosen viewport (375, 768 or 1280 px), so the stylesheet's
// media queries apply as on a phone, a tablet or a desktop; scaled down to the space it has, never
// cut off. The frame's document is written here (srcdoc) and drawn into by this page's React:
// nothing runs inside it. The part of the page being edited is scrolled into the frame's view and
// marked with an attribute its own stylesheet outlines (CSP: no inline style or script).
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { contentTemplate, contextFor } from '../../../kernel/render/page-context.tsx';
import type { SitePage } from '../../../kernel/site/pages.ts';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';
import { blocksOf, type Draft } from '../draft.ts';
import { BODY_FIELD } from '../field-of-problem.ts';

export const VIEWPORTS = [375, 768, 1280] as const;
export type Viewport = (typeof VIEWPORTS)[number];

/** What the owner is editing: a block (by its index), or a page field that shows on the page. */
export type PreviewTarget = { block: number } | { field: string };

/** What the preview marks for the field (its path) or block being edited: a block, the page's text (its Page text block), or a page field. */
export function previewTargetOf(key: string, draft: Draft): PreviewTarget | null {
  const [first, second] = key.split('.');
  if (first === 'blocks' && second !== undefined && /^\d+$/.test(second))
    return { block: Number(second) };
  if (first !== BODY_FIELD) return { field: first! };
  const body = blocksOf(draft).findIndex((block) => block.type === 'body');
  return body >= 0 ? { block: body } : null;
}

/** Where a page field shows on the page; the others (title, description, address…) show in no one place. */
const FIELD_PARTS: Record<string, string> = {
  heading: 'h1',
  breadcrumb: '.breadcrumbs',
  images: '.service-images',
};
const MARK = 'data-builder-focus';

const frameDocument = (stylesheets: readonly string[], title: string) => {
  const doc = document.implementation.createHTMLDocument(title);
  doc.documentElement.lang = 'en-GB';
  const charset = doc.createElement('meta');
  charset.setAttribute('charset', 'utf-8');
  doc.head.prepend(charset);
  for (const href of stylesheets) {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.setAttribute('href', href);
    doc.head.append(link);
  }
  return `<!doctype html>${doc.documentElement.outerHTML}`;
};

export interface PreviewFrameProps {
  page: SitePage | undefined;
  site: BuilderSite;
  title: string;
  /** What the owner is editing, marked and kept in view. */
  target?: PreviewTarget | null;
  /** The address of the same preview in a tab of its own, offered beside the widths. */
  newTab?: string;
  className?: string;
}

export function PreviewFrame({
  page,
  site,
  title,
  target = null,
  newTab,
  className = '',
}: PreviewFrameProps) {
  // A phone's width on a small screen, a desktop's on a large one.
  const [viewport, setViewport] = useState<Viewport>(() => (window.innerWidth < 1024 ? 375 : 1280));
  const frame = useRef<HTMLIFrameElement>(null);
  const space = useRef<HTMLDivElement>(null);
  const root = useRef<Root | null>(null);
  const [ready, setReady] = useState(false);
  const [room, setRoom] = useState<{ width: number; height: number } | null>(null);
  // The document is written once; later pages are drawn into it.
  const { stylesheet, previewStylesheet } = site.parts.layout.assets;
  const [source] = useState(() =>
    frameDocument(previewStylesheet ? [stylesheet, previewStylesheet] : [stylesheet], title),
  );

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
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

  // The space the preview has, as it changes with the window and the layout.
  useEffect(() => {
    const element = space.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(
      ([entry]) =>
        entry && setRoom({ width: entry.contentRect.width, height: entry.contentRect.height }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!ready || !root.current) return;
    const doc = frame.current?.contentDocument;
    if (doc && page) nameFrame(doc, `Preview: ${page.title}`);
    root.current.render(
      <Marked doc={doc} target={target}>
        {page ? (
          contentTemplate({
            ...contextFor({ parts: site.parts, images: site.images }, page),
            markBlocks: true,
          })
        ) : (
          <p className="preview-empty">
            The preview appears once the page has a web address, a title and a main heading.
          </p>
        )}
      </Marked>,
    );
    frame.current?.setAttribute('data-rendered', String(performance.now()));
  }, [page, ready, site, target]);

  // Scaled to the space's width (never up), and as tall as the space once scaled.
  const scale = room && room.width > 0 ? Math.min(1, room.width / viewport) : 1;
  const percent = Math.round(scale * 100);
  return (
    <section className={`preview ${className}`} aria-labelledby="preview-heading">
      <div className="preview-bar">
        <h2 id="preview-heading">Preview</h2>
        <fieldset className="viewport-toggle" aria-describedby="preview-scale">
          <legend className="visually-hidden">Preview width</legend>
          {VIEWPORTS.map((width) => (
            <button
              key={width}
              type="button"
              className="button button-small button-secondary"
              aria-pressed={viewport === width}
              onClick={() => setViewport(width)}
            >
              {width} px
            </button>
          ))}
        </fieldset>
        <p className="preview-scale" id="preview-scale">
          {viewport} px wide{percent < 100 ? `, shown at ${percent}%` : ', at full size'}
          {newTab ? (
            <>
              {' · '}
              <a href={newTab} target="_blank" rel="noopener">
                Open the preview in a new tab
              </a>
            </>
          ) : null}
        </p>
      </div>
      <div className="preview-space" ref={space}>
        <iframe
          ref={frame}
          className={`preview-frame viewport-${viewport}${scale < 1 ? ' is-scaled' : ''}`}
          title="Preview of the page as visitors will see it"
          // No script runs in it and nothing in it navigates or submits: this page draws into it,
          // which needs its document on this page's origin.
          sandbox="allow-same-origin"
          srcDoc={source}
          // Set through the DOM (CSSOM), which style-src 'self' allows; the markup carries no style.
          style={
            room
              ? {
                  height: `${room.height / scale}px`,
                  transform: scale < 1 ? `scale(${scale})` : undefined,
                }
              : undefined
          }
        />
      </div>
    </section>
  );
}

/** The frame's tab title (the preview tab's, where the frame is the page). The frame's document is
 * outside React, drawn into by this page: setting its title is an effect's work. */
function nameFrame(doc: Document, title: string): void {
  doc.title = title;
}

/** The frame's content, then (once it is in the frame's document) the mark on what is being edited, scrolled into view. */
function Marked({
  doc,
  target,
  children,
}: {
  doc: Document | null | undefined;
  target: PreviewTarget | null;
  children: ReactNode;
}) {
  useLayoutEffect(() => {
    if (!doc) return;
    for (const marked of doc.querySelectorAll(`[${MARK}]`)) marked.removeAttribute(MARK);
    const element = target && partOf(doc, target);
    if (!element) return;
    element.setAttribute(MARK, '');
    const view = doc.defaultView;
    const box = element.getBoundingClientRect();
    // Scrolled only when out of view, within the frame only (scrollIntoView would move the builder's page as well).
    // The page's own sticky header would cover its top: it goes below that.
    const header = doc.querySelector<HTMLElement>('.site-header')?.offsetHeight ?? 0;
    if (view && (box.top < header || box.top > view.innerHeight * 0.6)) {
      view.scrollTo({
        top: view.scrollY + box.top - header - 16,
        behavior: view.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
      });
    }
  });
  return <>{children}</>;
}

/** The element a target is drawn as: a block's first element (after its marker), or the part a field shows as. */
function partOf(doc: Document, target: PreviewTarget): Element | null {
  if ('field' in target)
    return FIELD_PARTS[target.field] ? doc.querySelector(FIELD_PARTS[target.field]!) : null;
  const next = doc.querySelector(`template[data-block="${target.block}"]`)?.nextElementSibling;
  return next && next.tagName !== 'TEMPLATE' ? next : null;
}
