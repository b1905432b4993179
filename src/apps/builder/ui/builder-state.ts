// What the builder screen holds besides the draft itself (use-draft-editor.ts has that): the open
// block, the field being edited, the preview or the form on a narrow screen, what was last
// announced, the check made when the owner last tried to propose or export, and which question
// or dialog is open. One reducer, so that a step such as "go to this problem" changes it at once.
import { useReducer } from 'react';
import type { DraftCheck } from '../check-draft.ts';
import type { Draft } from '../draft.ts';
import type { ExportResult } from './ExportDialog.tsx';
import { unreachable } from '../../../kernel/errors/unreachable.ts';

export interface BuilderState {
  /** The block open in the list, by its id. */
  selected: string | null;
  /** The field or block being edited ("title", "blocks.2"): the preview follows it. */
  focused: string | null;
  /** On a narrow screen, the preview shown in place of the form. */
  previewing: boolean;
  /** Said to screen readers after a change to the blocks. */
  announcement: string;
  /** The check made with the lint when the owner tried to propose or export, for the draft it checked. */
  attempt: { draft: Draft; check: DraftCheck } | null;
  /** Whether the owner has tried to propose or export: every problem shows from then on. */
  attempted: boolean;
  /** "Discard this draft?" is asked. */
  discarding: boolean;
  /** The export dialog's content, while it is open. */
  exported: ExportResult | null;
  /** The proposal dialog is open. */
  proposing: boolean;
}

export type BuilderAction =
  | { type: 'select'; id: string | null }
  | { type: 'focus'; key: string }
  | { type: 'preview'; on: boolean }
  | { type: 'announce'; said: string }
  | { type: 'attempted'; draft: Draft; check: DraftCheck }
  | { type: 'discarding'; on: boolean }
  | { type: 'export'; result: ExportResult | null }
  | { type: 'propose'; on: boolean }
  /** Go to a problem's field: its block opened (when it has one), the form shown. */
  | { type: 'show-field'; block: string | undefined };

export const initialBuilderState: BuilderState = {
  selected: null,
  focused: null,
  previewing: false,
  announcement: '',
  attempt: null,
  attempted: false,
  discarding: false,
  exported: null,
  proposing: false,
};

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'select':
      return { ...state, selected: action.id };
    case 'focus':
      return { ...state, focused: action.key };
    case 'preview':
      return { ...state, previewing: action.on };
    case 'announce':
      return { ...state, announcement: action.said };
    case 'attempted':
      return { ...state, attempt: { draft: action.draft, check: action.check }, attempted: true };
    case 'discarding':
      return { ...state, discarding: action.on };
    case 'export':
      return { ...state, exported: action.result };
    case 'propose':
      return { ...state, proposing: action.on };
    case 'show-field':
      return { ...state, selected: action.block ?? state.selected, previewing: false };
  }
  return unreachable(action, 'builder action');
}

/** The builder's state, and the check to show for `draft`: the attempt's while the draft is the one it checked. */
export function useBuilderState() {
  return useReducer(builderReducer, initialBuilderState);
}

/** The attempt's check while the draft has not changed since; after a change, the checks as typed. */
export const attemptFor = (state: BuilderState, draft: Draft): DraftCheck | null =>
  state.attempt?.draft === draft ? state.attempt.check : null;
