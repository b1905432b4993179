// A page's document is its own part, rendered by React for each page (the head, and the content
// its template shows), inside the layout around that content (header, menus, sidebar, contact
// section, footer: about 13 KB of a page's 18), rendered by React once for all the pages whose
// layout frame (context.ts) is alike. React still writes every byte: this only places the page's
// own part where the layout's rendering has it, and each page's HTML is what rendering the page
// whole gives (tests/unit/kernel/render/page-frame.test.tsx).
//
// Three things tie the layout to the rest of the document, and each is carried over:
// - the route, in the islands' props (for the browser's copy of the header and sidebar): the
//   layout is rendered with a stand-in route, put back as the page's own. A route that would need
//   escaping, or that the navigation links to (aria-current marks that link), gets a layout of its own;
// - the preloads React hoists into the head for the layout's images (the logo): found by
//   rendering the head with and without the layout, and put in the page's head at the same place;
// - the <body> element itself, which is the document's.
import type { ReactElement, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Layout } from '../components/Layout.tsx';
import type { LayoutFrame } from './context.ts';

/** Stands for the page's content while the layout renders. */
const CONTENT = '\u0000content\u0000';
/** Stands for the route; the islands' props hold it as JSON, in which it reads ROUTE_IN_PROPS. */
const ROUTE = '\u0000route\u0000';
const ROUTE_IN_PROPS = JSON.stringify(ROUTE).slice(1, -1);
/** A route that JSON and an HTML attribute both leave as it is. */
const PLAIN_ROUTE = /^\/[A-Za-z0-9\-._~/]*$/;

/** The layout around the content of the pages of one frame. */
interface RenderedFrame {
  /** The start of every head, before which the layout's hoisted resources go: they are `hoisted`. */
  preamble: string;
  hoisted: string;
  /** From the end of the head to where the content starts (the <body> tag), and from the content's end. */
  bodyOpen: string;
  documentEnd: string;
  /** The layout before and after the content, in pieces between which the route goes. */
  before: string[];
  after: string[];
}

/** Each build's frames (by its layout part, the same object for all its pages), by frame. */
const rendered = new WeakMap<object, Map<string, RenderedFrame>>();
/** Every text the navigation holds: a route among them may be a link the layout marks as current. */
const navigationTexts = new WeakMap<object, Set<string>>();

/**
 * The page's HTML: `document(body)` is its whole document with `body` in the <body> element; the
 * layout, rendered once per frame, goes around `content`.
 */
export function framedDocument(
  frame: LayoutFrame,
  document: (body: ReactNode) => ReactElement,
  content: ReactNode,
): string {
  const own = html(document(content));
  const layout = frameFor(frame, document);
  const bodyAt = own.indexOf(layout.bodyOpen);
  if (!own.startsWith(layout.preamble) || bodyAt === -1 || !own.endsWith(layout.documentEnd))
    throw new Error(
      'A page head differs from its layout frame’s where React places the hoisted resources (src/kernel/render/page-frame.tsx).',
    );
  const contentAt = bodyAt + layout.bodyOpen.length;
  const route = frame.route;
  return (
    layout.preamble +
    layout.hoisted +
    own.slice(layout.preamble.length, contentAt) +
    layout.before.join(route) +
    own.slice(contentAt, own.length - layout.documentEnd.length) +
    layout.after.join(route) +
    layout.documentEnd
  );
}

const html = (element: ReactElement) => `<!doctype html>${renderToString(element)}`;

function frameFor(frame: LayoutFrame, document: (body: ReactNode) => ReactElement): RenderedFrame {
  const byFrame = rendered.get(frame.site) ?? new Map<string, RenderedFrame>();
  rendered.set(frame.site, byFrame);
  const ownRoute =
    !PLAIN_ROUTE.test(frame.route) || textsOf(frame.site.navigation).has(frame.route);
  const key = JSON.stringify([
    ownRoute ? frame.route : null,
    frame.parts,
    frame.logo,
    frame.contact?.file ?? null,
  ]);
  let found = byFrame.get(key);
  if (!found)
    byFrame.set(
      key,
      (found = renderFrame(ownRoute ? frame : { ...frame, route: ROUTE }, document)),
    );
  return found;
}

function renderFrame(
  frame: LayoutFrame,
  document: (body: ReactNode) => ReactElement,
): RenderedFrame {
  const whole = html(document(<Layout frame={frame}>{CONTENT}</Layout>));
  const bare = html(document(CONTENT));
  const [bareHead = '', documentEnd = ''] = bare.split(CONTENT);
  const bodyOpen = bareHead.slice(bareHead.lastIndexOf('</head>'));
  const [wholeBefore = '', wholeAfter = ''] = whole.split(CONTENT);
  const headEnd = wholeBefore.indexOf(bodyOpen);
  const [head, headWithout] = [
    wholeBefore.slice(0, headEnd),
    bareHead.slice(0, bareHead.length - bodyOpen.length),
  ];
  // The hoisted resources are whole elements inserted into the head: where the two heads part, back to the last tag's end.
  let common = 0;
  while (common < headWithout.length && head[common] === headWithout[common]) common += 1;
  const at = head.length === headWithout.length ? 0 : head.lastIndexOf('>', common - 1) + 1;
  const hoisted = head.slice(at, at + head.length - headWithout.length);
  const before = wholeBefore.slice(headEnd + bodyOpen.length);
  const after = wholeAfter.slice(0, wholeAfter.length - documentEnd.length);
  if (
    whole.split(CONTENT).length !== 2 ||
    headEnd === -1 ||
    !wholeAfter.endsWith(documentEnd) ||
    head !== headWithout.slice(0, at) + hoisted + headWithout.slice(at) ||
    // A hoisted image preload goes before those of the page's own images only when the layout shows its images before the content.
    (hoisted !== '' && after.includes('<img')) ||
    // The route must reach the layout only through the islands' props.
    (before + after).replaceAll(ROUTE_IN_PROPS, '').includes('\u0000')
  ) {
    throw new Error(
      'The layout no longer renders as page-frame.tsx expects: see the conditions in src/kernel/render/page-frame.tsx.',
    );
  }
  const pieces = (text: string) => (frame.route === ROUTE ? text.split(ROUTE_IN_PROPS) : [text]);
  return {
    preamble: headWithout.slice(0, at),
    hoisted,
    bodyOpen,
    documentEnd,
    before: pieces(before),
    after: pieces(after),
  };
}

function textsOf(navigation: object): Set<string> {
  let texts = navigationTexts.get(navigation);
  if (!texts) {
    texts = new Set();
    const collect = (value: unknown): void => {
      if (typeof value === 'string') texts!.add(value);
      else if (value && typeof value === 'object')
        for (const item of Object.values(value)) collect(item);
    };
    collect(navigation);
    navigationTexts.set(navigation, texts);
  }
  return texts;
}
