// A draft: one content file being edited in the builder. Its data is the front matter exactly as
// the file will hold it (no defaults filled in), so exporting it is formatting it (canonical.ts);
// the blocks' ids are the editor's own, for drag-and-drop and focus, and are never exported.
import { formatContentFile } from '../../kernel/content/canonical.ts';
import { PAGE_KINDS } from '../../kernel/content/page-kinds.ts';
import type { PagePayload } from '../../kernel/wire/payload.ts';
import type { PageKind } from '../../kernel/content/page-kinds.ts';

export interface Draft {
  id: string;
  kind: PageKind;
  /** The front matter as the file holds it, blocks included. */
  data: Record<string, unknown>;
  /** The Markdown body below the front matter. */
  body: string;
  /** One editor id per block, in the blocks' order. */
  blockIds: string[];
  /** The live file this draft edits (the integrated builder), if any: the export keeps its path, and the diff compares with its text. */
  origin?: { path: string; route: string; text: string; blob?: string };
  /**
   * The git blob of the version this draft was made from when it is not the live file's: an open
   * proposal's, once the draft was proposed, continued from one, or started again from a newer
   * version. Proposing names it, so that the server joins the draft with what changed since.
   */
  madeFrom?: string;
  /** Which save of the draft this is (draft-store.ts): a save names the one it replaces, so that another tab's or device's is never written over unseen. */
  rev?: string;
  /** When it last changed, in ms since 1970. */
  updated: number;
}

/** Editor ids for blocks: unique within the session, never exported. */
let counter = 0;
const newBlockId = () => `b${Date.now().toString(36)}${(counter += 1).toString(36)}`;

/** A field's value as words: a string, number or boolean as written; nothing for anything else. */
export const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

/** What the owner calls a draft: its title, else its main heading. */
export const titleOf = (draft: Pick<Draft, 'data'>, untitled = 'Untitled page') =>
  textOf(draft.data.title) || textOf(draft.data.heading) || untitled;

export const blocksOf = (draft: Pick<Draft, 'data'>): Record<string, unknown>[] =>
  Array.isArray(draft.data.blocks) ? (draft.data.blocks as Record<string, unknown>[]) : [];

/** The file name a page's route gives: "/spring-offer" → "spring-offer", "/" → "home". */
export function nameOf(draft: Pick<Draft, 'kind' | 'data'>): string {
  if (draft.kind !== 'pages') return textOf(draft.data.slug) || `new-${draft.kind.slice(0, -1)}`;
  const route = textOf(draft.data.route);
  if (route === '/') return 'home';
  return (
    route
      .replace(/^\/+|\/+$/g, '')
      .replace(/[^a-z0-9]+/gi, '-')
      .toLowerCase() || 'new-page'
  );
}

/** Where the exported file goes in the repository: the live file's path, else "content/<kind>/<name>.md". */
export const exportPath = (draft: Draft) =>
  draft.origin?.path ?? `content/${draft.kind}/${nameOf(draft)}.md`;

/** The data as it will be written: fields left empty (undefined) are not written. */
export const cleanData = (data: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(data)) as Record<string, unknown>;

/** The content file the draft exports: canonical front matter, then the body. */
/** The file a draft exports, and the line of each of its fields. */
export const exportFile = (draft: Draft) =>
  formatContentFile(PAGE_KINDS[draft.kind], cleanData(draft.data), draft.body);
export const exportText = (draft: Draft) => exportFile(draft).text;

function draftOf(
  kind: PageKind,
  file: { data: Record<string, unknown>; body: string },
  origin: Draft['origin'],
  id: string,
  now: number,
): Draft {
  const data = structuredClone(file.data);
  return {
    id,
    kind,
    data,
    body: file.body,
    blockIds: blocksOf({ data }).map(newBlockId),
    ...(origin ? { origin } : {}),
    updated: now,
  };
}

export function draftFromPayload(payload: PagePayload, id: string, now: number): Draft {
  return draftOf(
    payload.kind,
    payload,
    { path: payload.path, route: payload.route, text: payload.text, blob: payload.blob },
    id,
    now,
  );
}

/**
 * An earlier version of the live page a draft edits ("Restore this version"), as a new draft of that
 * page: it still edits the live file (its origin), so its export, its diff and its proposal are
 * against the page as it is now, like any change.
 */
export const draftFromVersion = (
  live: Draft,
  version: { data: Record<string, unknown>; body: string },
  id: string,
  now: number,
): Draft => draftOf(live.kind, version, live.origin, id, now);

/** The version a proposal of the draft says it was made from (ProposeRequest's `blob`). */
export const versionOf = (draft: Draft) => draft.madeFrom ?? draft.origin?.blob;

/**
 * Another version of the file as the draft's content (an open proposal's, or the draft joined with
 * one on proposing): the same draft, now made from that version.
 */
export const adoptVersion = (
  draft: Draft,
  version: { data: Record<string, unknown>; body: string; blob: string },
  now: number,
): Draft => ({
  ...withFile(draft, version, now),
  madeFrom: version.blob,
});

/** The draft holding this file's front matter and body instead (the same draft, the same version made from). */
export const withFile = (
  draft: Draft,
  file: { data: Record<string, unknown>; body: string },
  now: number,
): Draft => ({
  ...draftOf(draft.kind, file, draft.origin, draft.id, now),
  ...(draft.madeFrom ? { madeFrom: draft.madeFrom } : {}),
});

/** What "start a new page" offers: a blank page, or a service or an area laid out like the site's. */
export const TEMPLATES = {
  page: {
    label: 'Blank page',
    kind: 'pages',
    data: { route: '/new-page', title: '', description: '', heading: '', blocks: [] },
  },
  service: {
    label: 'Service',
    kind: 'services',
    data: {
      slug: 'new-service',
      name: '',
      title: '',
      description: '',
      heading: '',
      summary: '',
      serviceType: '',
      branch: 'cleaning',
      order: 100,
      areaServed: [],
      blocks: [
        { type: 'hero', actions: [{ label: 'Ask for a quote', href: '/contact' }] },
        { type: 'body' },
        { type: 'areas-list' },
        { type: 'call-to-action', heading: '', action: { label: 'Contact us', href: '/contact' } },
      ],
    },
  },
  area: {
    label: 'Area',
    kind: 'areas',
    data: {
      slug: 'new-area',
      name: '',
      title: '',
      description: '',
      heading: '',
      summary: '',
      inNavigation: false,
      postcodes: [],
      services: [],
      neighbours: [],
      blocks: [
        { type: 'hero', actions: [{ label: 'Ask for a quote', href: '/contact' }] },
        { type: 'body' },
        { type: 'services-grid' },
        { type: 'call-to-action', heading: '', action: { label: 'Contact us', href: '/contact' } },
      ],
    },
  },
} as const satisfies Record<
  string,
  { label: string; kind: PageKind; data: Record<string, unknown> }
>;

export type TemplateName = keyof typeof TEMPLATES;

export function newDraft(template: TemplateName, id: string, now: number): Draft {
  const { kind, data } = TEMPLATES[template];
  const copy = structuredClone(data) as Record<string, unknown>;
  return {
    id,
    kind,
    data: copy,
    body: '',
    blockIds: blocksOf({ data: copy }).map(newBlockId),
    updated: now,
  };
}

/** A copy under a new id, not tied to the live file. */
export function duplicateDraft(draft: Draft, id: string, now: number): Draft {
  const { origin: _origin, ...rest } = structuredClone(draft);
  return { ...rest, id, updated: now, blockIds: rest.blockIds.map(newBlockId) };
}

// Edits: each returns a new draft, so every state can be kept for undo.
type Path = readonly (string | number)[];

/** Sets (or, with undefined, removes) the value at a field path, copying only what is on the way. */
function setAt<T>(data: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [key, ...rest] = path;
  const container = (data ?? (typeof key === 'number' ? [] : {})) as Record<
    string | number,
    unknown
  >;
  const copy = (Array.isArray(container) ? [...container] : { ...container }) as Record<
    string | number,
    unknown
  >;
  const next = setAt(container[key!], rest, value);
  if (next === undefined && !Array.isArray(copy)) delete copy[key!];
  else copy[key!] = next;
  return copy as T;
}

export const setField = (draft: Draft, path: Path, value: unknown, now: number): Draft => ({
  ...draft,
  data: setAt(draft.data, path, value),
  updated: now,
});
export const setBody = (draft: Draft, body: string, now: number): Draft => ({
  ...draft,
  body,
  updated: now,
});

function withBlocks(
  draft: Draft,
  blocks: Record<string, unknown>[],
  blockIds: string[],
  now: number,
): Draft {
  return { ...draft, data: { ...draft.data, blocks }, blockIds, updated: now };
}

export function addBlock(
  draft: Draft,
  block: Record<string, unknown>,
  at: number,
  now: number,
): Draft {
  const blocks = [...blocksOf(draft)];
  const ids = [...draft.blockIds];
  blocks.splice(at, 0, block);
  ids.splice(at, 0, newBlockId());
  return withBlocks(draft, blocks, ids, now);
}

export function removeBlock(draft: Draft, index: number, now: number): Draft {
  return withBlocks(
    draft,
    blocksOf(draft).filter((_, i) => i !== index),
    draft.blockIds.filter((_, i) => i !== index),
    now,
  );
}

export function duplicateBlock(draft: Draft, index: number, now: number): Draft {
  return addBlock(draft, structuredClone(blocksOf(draft)[index]!), index + 1, now);
}

export function moveBlock(draft: Draft, from: number, to: number, now: number): Draft {
  const blocks = [...blocksOf(draft)];
  const ids = [...draft.blockIds];
  const [block] = blocks.splice(from, 1);
  const [id] = ids.splice(from, 1);
  blocks.splice(to, 0, block!);
  ids.splice(to, 0, id!);
  return withBlocks(draft, blocks, ids, now);
}
