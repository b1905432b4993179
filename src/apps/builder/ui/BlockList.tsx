// The page's blocks, in order: select one to edit its fields; move it with Move up and Move down,
// or drag it (pointer, or keyboard: focus its handle, Space, arrow keys, Space); duplicate or remove
// it. Every move is announced in a live region. @dnd-kit does the dragging and its own announcements.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ContentProblem } from '../../../kernel/errors/problems.ts';
import type { BlockKind } from '../../../kernel/schema/fields.ts';
import { BlockForm } from './BlockForm.tsx';
import type { FieldOptions, FieldPath } from './field-parts.tsx';

export interface BlockListProps {
  blocks: Record<string, unknown>[];
  ids: string[];
  kinds: ReadonlyMap<string, BlockKind>;
  selected: string | null;
  problems: readonly ContentProblem[];
  options: FieldOptions;
  onSelect: (id: string | null) => void;
  onChange: (path: FieldPath, value: unknown) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: (index: number) => void;
  onRemove: (index: number) => void;
}

export const blockTitle = (kinds: ReadonlyMap<string, BlockKind>, block: Record<string, unknown>) =>
  kinds.get(String(block.type))?.title ?? String(block.type);

export function BlockList(props: BlockListProps) {
  const { blocks, ids, kinds, onMove } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  const name = (id: string | number) => blockTitle(kinds, blocks[ids.indexOf(String(id))] ?? {});
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up the ${name(active.id)} block, at position ${position(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `The ${name(active.id)} block is over position ${position(over.id)} of ${ids.length}.`
        : `The ${name(active.id)} block is not over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `The ${name(active.id)} block was dropped at position ${position(over.id)} of ${ids.length}.`
        : `The ${name(active.id)} block was dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Moving the ${name(active.id)} block was cancelled; it stays at position ${position(active.id)}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  if (blocks.length === 0)
    return <p className="field-hint">No blocks yet: add one from the list of blocks below.</p>;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a block, press Space or Enter on its handle, move it with the arrow keys, and press Space or Enter again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="block-list">
          {blocks.map((block, index) => (
            <SortableBlock
              key={ids[index]}
              id={ids[index]!}
              index={index}
              block={block}
              {...props}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableBlock({
  id,
  index,
  block,
  blocks,
  kinds,
  selected,
  problems,
  options,
  onSelect,
  onChange,
  onMove,
  onDuplicate,
  onRemove,
}: BlockListProps & { id: string; index: number; block: Record<string, unknown> }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  const kind = kinds.get(String(block.type));
  const title = blockTitle(kinds, block);
  const open = selected === id;
  const own = problems.filter(
    (problem) =>
      problem.field?.startsWith(`blocks.${index}.`) || problem.field === `blocks.${index}`,
  );
  const label = `${index + 1}. ${title}`;
  return (
    // Styles set from script through the DOM while dragging (allowed by style-src 'self'); none in the markup.
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`block-card${open ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}${own.length ? ' has-problems' : ''}`}
      data-block={id}
    >
      <div className="block-head">
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="drag-handle"
          aria-label={`Drag ${label}`}
          {...attributes}
          {...listeners}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <h3 className="block-title">
          <button
            type="button"
            className="block-toggle"
            aria-expanded={open}
            aria-controls={open ? `block-form-${id}` : undefined}
            onClick={() => onSelect(open ? null : id)}
          >
            {label}
          </button>
        </h3>
        {own.length > 0 ? (
          <span className="block-problems">
            {own.length === 1 ? '1 problem' : `${own.length} problems`}
          </span>
        ) : null}
        <div className="block-actions">
          <button
            type="button"
            className="button button-small button-secondary"
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
            aria-label={`Move ${label} up`}
          >
            Up
          </button>
          <button
            type="button"
            className="button button-small button-secondary"
            disabled={index === blocks.length - 1}
            onClick={() => onMove(index, index + 1)}
            aria-label={`Move ${label} down`}
          >
            Down
          </button>
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={() => onDuplicate(index)}
            aria-label={`Duplicate ${label}`}
          >
            Duplicate
          </button>
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={() => onRemove(index)}
            aria-label={`Remove ${label}`}
          >
            Remove
          </button>
        </div>
      </div>
      {open ? (
        <div id={`block-form-${id}`} className="block-body">
          {kind ? (
            <BlockForm
              kind={kind}
              block={block}
              index={index}
              problems={problems}
              onChange={onChange}
              options={options}
            />
          ) : (
            <p className="field-hint">This block type is not known to the builder.</p>
          )}
        </div>
      ) : null}
    </li>
  );
}
