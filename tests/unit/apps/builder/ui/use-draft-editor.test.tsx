// @vitest-environment happy-dom
// The same draft open in two tabs (src/apps/builder/ui/use-draft-editor.ts), over one store that
// stands for this browser's IndexedDB (read and written at once, as IndexedDbDraftStore does):
// changes on different lines in each are joined, in the store and in both tabs' drafts; changes on
// the same line are not written over each other, and the tab that finds out says so and waits for
// the owner's choice.
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  exportText,
  setBody,
  setField,
  type Draft,
} from '../../../../../src/apps/builder/draft.ts';
import {
  DraftChangedElsewhere,
  mayReplace,
  type DraftStore,
  type Over,
} from '../../../../../src/apps/builder/draft-store.ts';
import { useDraftEditor } from '../../../../../src/apps/builder/ui/use-draft-editor.ts';

class SharedStore implements DraftStore {
  readonly label = 'This browser';
  readonly drafts = new Map<string, Draft>();
  async list() {
    return [...this.drafts.values()];
  }
  async get(id: string) {
    return this.drafts.get(id);
  }
  async put(draft: Draft, over?: Over) {
    const stored = this.drafts.get(draft.id);
    if (!mayReplace(stored, over)) throw new DraftChangedElsewhere(structuredClone(stored!));
    this.drafts.set(draft.id, structuredClone(draft));
  }
  async delete(id: string) {
    this.drafts.delete(id);
  }
}

const BODY = [
  '## What is included',
  '',
  'Kitchens and bathrooms.',
  '',
  '## When',
  '',
  'In the spring.',
  '',
].join('\n');
const saved: Draft = {
  id: 'draft-spring',
  kind: 'pages',
  data: {
    route: '/spring-offer',
    title: 'Spring offer | Ardent',
    description: 'A spring clean.',
    heading: 'Spring offer',
    blocks: [],
  },
  body: BODY,
  blockIds: [],
  updated: 1,
  rev: 'r1',
};

/** Two tabs on the draft as the store holds it. */
function twoTabs() {
  const store = new SharedStore();
  store.drafts.set(saved.id, structuredClone(saved));
  const open = () => renderHook(() => useDraftEditor(structuredClone(saved), store, true));
  return { store, first: open(), second: open() };
}

describe('the same draft in two tabs', () => {
  it('joins changes made on different lines, in the store and in the tab that saved last', async () => {
    const { store, first, second } = twoTabs();
    act(() =>
      first.result.current.edit((draft, now) =>
        setField(draft, ['heading'], 'Spring cleaning offer', now),
      ),
    );
    await waitFor(() =>
      expect(store.drafts.get(saved.id)?.data.heading).toBe('Spring cleaning offer'),
    );
    act(() =>
      second.result.current.edit((draft, now) =>
        setBody(draft, BODY.replace('In the spring.', 'In March, April or May.'), now),
      ),
    );

    await waitFor(() => expect(second.result.current.joined).not.toBeNull());
    await waitFor(() =>
      expect(store.drafts.get(saved.id)?.body).toContain('In March, April or May.'),
    );
    const stored = store.drafts.get(saved.id)!;
    expect(stored.data.heading).toBe('Spring cleaning offer');
    expect(exportText(second.result.current.draft)).toBe(exportText(stored));
    expect(second.result.current.elsewhere).toBeNull();
  });

  it("never writes one tab's change over the other's on the same line: it says so, and keeps what the owner chooses", async () => {
    const { store, first, second } = twoTabs();
    act(() =>
      first.result.current.edit((draft, now) =>
        setField(draft, ['heading'], 'Spring cleaning offer', now),
      ),
    );
    await waitFor(() =>
      expect(store.drafts.get(saved.id)?.data.heading).toBe('Spring cleaning offer'),
    );
    act(() =>
      second.result.current.edit((draft, now) =>
        setField(draft, ['heading'], 'Our spring offer', now),
      ),
    );

    await waitFor(() =>
      expect(second.result.current.elsewhere?.data.heading).toBe('Spring cleaning offer'),
    );
    expect(store.drafts.get(saved.id)?.data.heading).toBe('Spring cleaning offer');

    act(() => second.result.current.keepMine());
    await waitFor(() => expect(store.drafts.get(saved.id)?.data.heading).toBe('Our spring offer'));
    expect(second.result.current.elsewhere).toBeNull();
  });
});
