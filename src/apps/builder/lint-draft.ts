// The content lint in the browser: a draft's page rendered with the site's own templates into an
// element off the page, and read by the same rules as `npm run check` (src/kernel/check/site-lint.ts).
// Loaded when first needed (`loadDraftLint` in check-draft.ts), once the builder has started: its
// rules are not part of what a builder page needs to show the form and the preview.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { ReactElement } from 'react';
import { siteLint, type RenderForLint } from '../../kernel/check/site-lint.ts';
import type { BuilderSite } from '../../kernel/wire/builder-data.ts';

/** The draft's page rendered into an element off the page, synchronously, for the lint's rules to read like a parsed document. */
let lintRoot: { container: HTMLElement; render: (element: ReactElement) => void } | undefined;
const renderForLint: RenderForLint = (element) => {
  if (!lintRoot) {
    // Owned by a document of its own, which has no window: its images are never fetched (a
    // library photo's storage: address would break the CSP's img-src, and the lint reads markup
    // only). Left detached, as before: the lint's walks up the tree stop at the container.
    const container = document.implementation.createHTMLDocument('').createElement('div');
    const root = createRoot(container);
    lintRoot = { container, render: (next) => root.render(next) };
  }
  const { container, render } = lintRoot;
  flushSync(() => render(element));
  // The lint's tree walks use what the DOM and node-html-parser's nodes share (src/kernel/lint/html.ts).
  return { root: container, body: container, main: container.querySelector('main') };
};

export const draftLint = (site: BuilderSite) => siteLint(site, renderForLint);
