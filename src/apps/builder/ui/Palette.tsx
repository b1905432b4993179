// "Add a block": one button for each kind of block the schemas allow, with what it is for.
import { BlockSchema } from '../../../kernel/schema/blocks.ts';
import { paletteOf } from '../../../kernel/schema/fields.ts';

export const PALETTE = paletteOf(BlockSchema);
export type BlockKind = (typeof PALETTE)[number];
/** Each kind of block by its type, for naming a block in the list and in announcements. */
export const KINDS = new Map(PALETTE.map((kind) => [kind.type, kind]));

export function Palette({ onAdd }: { onAdd: (kind: BlockKind) => void }) {
  return (
    <section aria-labelledby="palette-heading">
      <h2 id="palette-heading">Add a block</h2>
      <ul className="palette">
        {PALETTE.map((kind) => (
          <li key={kind.type}>
            <button type="button" className="palette-item" onClick={() => onAdd(kind)}>
              <span className="palette-title">Add {kind.title}</span>
              <span className="palette-description">{kind.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
