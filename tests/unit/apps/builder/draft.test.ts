import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBlock,
  blocksOf,
  draftFromPayload,
  duplicateBlock,
  exportPath,
  exportText,
  moveBlock,
  newDraft,
  removeBlock,
  setField,
} from '../../../../src/apps/builder/draft.ts';
import { record, redo, startHistory, undo } from '../../../../src/apps/builder/history.ts';
import { builderFixture, type BuilderFixture } from '../../../support/builder-site.ts';

let fixture: BuilderFixture;
beforeAll(async () => {
  fixture = await builderFixture();
});
afterAll(() => {});

describe('a draft opened from a page of the site', () => {
  it('exports every page of the site unchanged, byte for byte, to the same path', () => {
    expect(fixture.payloads.length).toBeGreaterThanOrEqual(40);
    for (const payload of fixture.payloads) {
      const draft = draftFromPayload(payload, 'd', 0);
      expect(exportPath(draft), payload.route).toBe(payload.path);
      expect(exportText(draft), payload.path).toBe(payload.text);
    }
  });

  it('keeps the editor ids of blocks out of the file, and writes fields in the schema order whatever order they were set in', () => {
    let draft = newDraft('page', 'd', 0);
    draft = setField(draft, ['heading'], 'Spring offer', 1);
    draft = setField(draft, ['route'], '/spring-offer', 2);
    draft = addBlock(draft, { type: 'body' }, 0, 3);
    draft = addBlock(draft, { type: 'hero', lead: 'Fresh for spring.' }, 0, 4);
    expect(draft.blockIds).toHaveLength(2);
    const text = exportText(draft);
    expect(exportPath(draft)).toBe('content/pages/spring-offer.md');
    expect(text).toBe(
      '---\nroute: /spring-offer\ntitle: ""\ndescription: ""\nheading: Spring offer\nblocks:\n  - type: hero\n    lead: Fresh for spring.\n  - type: body\n---\n',
    );
    expect(text).not.toContain(draft.blockIds[0]);
  });

  it('adds, duplicates, moves and removes blocks with their ids', () => {
    let draft = newDraft('page', 'd', 0);
    draft = addBlock(draft, { type: 'hero' }, 0, 1);
    draft = addBlock(draft, { type: 'body' }, 1, 1);
    draft = duplicateBlock(draft, 0, 1);
    expect(blocksOf(draft).map((block) => block.type)).toEqual(['hero', 'hero', 'body']);
    const ids = draft.blockIds;
    draft = moveBlock(draft, 2, 0, 1);
    expect(blocksOf(draft).map((block) => block.type)).toEqual(['body', 'hero', 'hero']);
    expect(draft.blockIds).toEqual([ids[2], ids[0], ids[1]]);
    draft = removeBlock(draft, 1, 1);
    expect(draft.blockIds).toEqual([ids[2], ids[1]]);
  });
});

describe('undo and redo', () => {
  it('makes one step of typing in one field, and separate steps of other changes', () => {
    let history = startHistory('');
    history = record(history, 'S', { key: 'title', at: 0 });
    history = record(history, 'Sp', { key: 'title', at: 300 });
    history = record(history, 'Spr', { key: 'title', at: 600 });
    history = record(history, 'Spr!', { key: 'heading', at: 700 });
    expect(history.past).toEqual(['', 'Spr']);
    history = undo(history);
    expect(history.present).toBe('Spr');
    history = undo(history);
    expect(history.present).toBe('');
    history = redo(redo(history));
    expect(history.present).toBe('Spr!');
    // A pause starts a new step.
    history = record(history, 'Spr!!', { key: 'heading', at: 5000 });
    expect(undo(history).present).toBe('Spr!');
  });

  it('forgets what was undone once a new change is made', () => {
    let history = record(startHistory(1), 2, { at: 0 });
    history = undo(history);
    history = record(history, 3, { at: 10 });
    expect(history.future).toEqual([]);
    expect(redo(history).present).toBe(3);
  });
});
