// The draft's blocks: the list (each opened to edit it, moved, duplicated, removed) and the
// palette that adds one, each change said to screen readers.
import type { ContentProblem } from '../../../kernel/errors/problems.ts';
import { emptyBlock } from '../../../kernel/schema/fields.ts';
import {
  addBlock,
  blocksOf,
  duplicateBlock,
  moveBlock,
  removeBlock,
  type Draft,
} from '../draft.ts';
import { BlockList, blockTitle } from './BlockList.tsx';
import type { FieldOptions, FieldPath } from './field-parts.tsx';
import { KINDS, Palette } from './Palette.tsx';
import type { DraftEditor } from './use-draft-editor.ts';

export function BlocksSection({
  draft,
  edit,
  selected,
  problems,
  options,
  onSelect,
  onChange,
  announce,
}: {
  draft: Draft;
  edit: DraftEditor['edit'];
  selected: string | null;
  problems: readonly ContentProblem[];
  options: FieldOptions;
  onSelect: (id: string | null) => void;
  onChange: (path: FieldPath, value: unknown) => void;
  announce: (said: string) => void;
}) {
  const blocks = blocksOf(draft);
  const titleAt = (index: number) => blockTitle(KINDS, blocks[index]!);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length) return;
    edit((d, now) => moveBlock(d, from, to, now));
    announce(
      `Moved the ${titleAt(from)} block from position ${from + 1} to position ${to + 1} of ${blocks.length}.`,
    );
  };
  return (
    <>
      <section aria-labelledby="blocks-heading">
        <h2 id="blocks-heading">Blocks</h2>
        <BlockList
          blocks={blocks}
          ids={draft.blockIds}
          kinds={KINDS}
          selected={selected}
          problems={problems}
          options={options}
          onSelect={onSelect}
          onChange={onChange}
          onMove={move}
          onDuplicate={(index) => {
            edit((d, now) => duplicateBlock(d, index, now));
            announce(
              `Duplicated the ${titleAt(index)} block; the copy is at position ${index + 2}.`,
            );
          }}
          onRemove={(index) => {
            edit((d, now) => removeBlock(d, index, now));
            announce(`Removed the ${titleAt(index)} block. Undo brings it back.`);
          }}
        />
      </section>
      <Palette
        onAdd={(kind) => {
          edit((d, now) => addBlock(d, emptyBlock(kind), blocksOf(d).length, now));
          announce(`Added a ${kind.title} block at position ${blocks.length + 1}.`);
        }}
      />
    </>
  );
}
