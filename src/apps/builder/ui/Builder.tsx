// The builder: a draft's page fields, blocks and Markdown body, edited in forms read from the
// schemas, checked by the build's own checks as it changes, previewed beside the form with the
// site's templates (following the field being edited), saved from the first change, undoable,
// and exported as the content file or proposed for publishing. Problems show once the owner has
// left their field or tries to propose or export (GOV.UK's error pattern), never on a fresh page.
// Its parts: the state (builder-state.ts), the toolbar, the fields, the blocks and their palette,
// the preview and the dialogs.
import { lazy, Suspense, useEffect, useMemo, useRef, type FocusEvent } from 'react';
import type { ContentProblem } from '../../../kernel/errors/problems.ts';
import { checkDraft, loadDraftLint, type DraftCheck } from '../check-draft.ts';
import {
  adoptVersion,
  exportPath,
  exportText,
  setBody,
  setField,
  textOf,
  titleOf,
  type Draft,
} from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import { BODY_FIELD, withFields } from '../field-of-problem.ts';
import { placeOf, shownProblems } from '../problems-shown.ts';
import { fieldsOf } from '../../../kernel/schema/fields.ts';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';
import { describeStorageError } from '../../media/storage-errors.ts';
import { PAGE_KINDS } from '../../../kernel/content/page-kinds.ts';
import { useServices } from '../../../kernel/components/account/services.ts';
import { proposalsClient } from '../../shared/proposals-client.ts';
import { BlocksSection } from './BlocksSection.tsx';
import { BuilderToolbar } from './BuilderToolbar.tsx';
import { attemptFor, useBuilderState } from './builder-state.ts';
import { DraftNotices } from './DraftNotices.tsx';
import { PageDetails, PageText } from './DraftFields.tsx';
import { fieldKey, type FieldPath } from './field-parts.tsx';
import { focusField } from './focus-field.ts';
import { useSiteWithLibraryCheck } from './LibraryImage.tsx';
import { PreviewFrame, previewTargetOf } from './PreviewFrame.tsx';
import { ProblemsList } from './ProblemsList.tsx';
import { fieldOptions } from './site-data-client.ts';
import { useDraftCheck } from './use-draft-check.ts';
import { useDraftEditor } from './use-draft-editor.ts';
import { useDraftLint } from './use-draft-lint.ts';
import { useLeftFields } from './use-left-fields.ts';
import { useUndoKeys } from './use-undo-keys.ts';

// Loaded when first asked for, as the dialogs are: the page's own JavaScript stays within its budget.
const DiscardConfirmation = lazy(() =>
  import('./DiscardConfirmation.tsx').then((module) => ({ default: module.DiscardConfirmation })),
);
const BuilderDialogs = lazy(() =>
  import('./BuilderDialogs.tsx').then((module) => ({ default: module.BuilderDialogs })),
);

/** The checks run once typing pauses; the preview follows every change. */
const CHECK_DELAY_MS = 150;

export interface BuilderProps {
  site: BuilderSite;
  initial: Draft;
  store: DraftStore;
  /** The draft was opened from the store (restored, or from the dashboard): it exists before any change. */
  stored?: boolean;
  /** After "Discard this draft": the draft is gone from the store; `message` says so, or what could not be done. */
  onDiscarded: (message: string) => void;
  /** The open change a proposal of this page goes into. */
  change?: string;
}

export function Builder({
  site: siteData,
  initial,
  store,
  stored = false,
  onDiscarded,
  change,
}: BuilderProps) {
  const editor = useDraftEditor(initial, store, stored);
  const { draft, edit } = editor;
  const { site, checked: siteChecked } = useSiteWithLibraryCheck(siteData, draft);
  const [state, dispatch] = useBuilderState();
  const { selected, previewing, focused, attempted } = state;
  // GOV.UK's pattern: a problem shows once its field has been left, all of them once the owner tries to propose or export.
  const [left, leave] = useLeftFields();
  const services = useServices();
  const client = useMemo(() => services && proposalsClient(services), [services]);
  const options = useMemo(() => fieldOptions(site), [site]);
  const schema = PAGE_KINDS[draft.kind];
  const pageFields = useMemo(
    () => fieldsOf(schema).filter((field) => field.key !== 'blocks'),
    [schema],
  );
  const preview = useDraftCheck(draft, site);
  const lint = useDraftLint(site);
  const typed = useDraftCheck(draft, site, lint ?? undefined, CHECK_DELAY_MS);
  const check = attemptFor(state, draft) ?? typed;
  const focusAfter = useRef<string | null>(null);
  const discardButton = useRef<HTMLButtonElement>(null);
  const current = check ?? preview;
  const all = useMemo(() => (current ? withFields(current.problems, current) : []), [current]);
  const problems = useMemo(() => shownProblems(all, { left, attempted }), [all, attempted, left]);
  const target = useMemo(
    () => (focused ? previewTargetOf(focused, draft) : null),
    [focused, draft],
  );
  useUndoKeys(editor.undo, editor.redo);

  // Focus goes to a field once the block that holds it is open.
  useEffect(() => {
    if (!focusAfter.current) return;
    const field = focusAfter.current;
    focusAfter.current = null;
    focusField(field);
  });

  const announce = (said: string) => dispatch({ type: 'announce', said });
  const onChange = (path: FieldPath, value: unknown) =>
    edit((d, now) => setField(d, path, value, now), fieldKey(path));
  const goTo = (problem: ContentProblem) => {
    const field = problem.field ?? BODY_FIELD;
    const match = /^blocks\.(\d+)/.exec(field);
    const id = match ? draft.blockIds[Number(match[1])] : undefined;
    // A block's field is there once its block is open, and the form once the preview gives way to it.
    if ((id && selected !== id) || previewing) {
      focusAfter.current = field;
      dispatch({ type: 'show-field', block: id });
    } else focusField(field);
  };
  /** The owner tries to propose or export: every problem shows, from a check with the lint. */
  const attempt = async (): Promise<DraftCheck> => {
    // With every library photo the draft uses looked up: one deleted since (a restored version's) is a problem now, not after proposing.
    const checkedSite = await siteChecked();
    const result = await checkDraft(draft, checkedSite, await loadDraftLint(checkedSite));
    dispatch({ type: 'attempted', draft, check: result });
    return result;
  };
  const startExport = async () => {
    const result = await attempt();
    dispatch({
      type: 'export',
      result:
        result.problems.length > 0
          ? { refused: true, problems: result.problems.length }
          : {
              refused: false,
              path: result.path,
              text: exportText(draft),
              before: draft.origin?.text,
            },
    });
  };
  const startProposing = async () => {
    const result = await attempt();
    if (result.problems.length === 0) {
      dispatch({ type: 'propose', on: true });
      return;
    }
    dispatch({ type: 'preview', on: false });
    requestAnimationFrame(() => document.getElementById('problems')?.focus());
  };
  /** Another version of the file as the draft (undo brings back what it held): the proposal it was joined into, or the newer one it starts again from. */
  const adopt = async (commit: string, said: string) => {
    if (!client) return;
    const file = await client.version(exportPath(draft), commit);
    edit((d, now) => adoptVersion(d, file, now));
    announce(said);
  };
  const discard = async () => {
    const title = titleOf(draft);
    try {
      await store.delete(draft.id);
      onDiscarded(`Discarded the draft “${title}”.`);
    } catch (error) {
      onDiscarded(
        `The draft “${title}” is discarded from this browser, but not from the Storage bucket: ${describeStorageError(error).message}`,
      );
    }
  };
  // The field being left (a problem may show there now) and the field or block being edited (the preview follows it).
  const keyOf = (event: FocusEvent) =>
    (event.target as HTMLElement).closest('[data-key]')?.getAttribute('data-key');
  const onLeave = (event: FocusEvent) => {
    const key = keyOf(event);
    if (key) leave(key);
  };
  const onEnter = (event: FocusEvent) => {
    const card = (event.target as HTMLElement).closest('[data-block]')?.getAttribute('data-block');
    const key = keyOf(event) ?? (card ? `blocks.${draft.blockIds.indexOf(card)}` : undefined);
    if (key) dispatch({ type: 'focus', key });
  };

  return (
    <div className={previewing ? 'builder is-previewing' : 'builder'}>
      <div className="builder-editor" onFocus={onEnter} onBlur={onLeave}>
        <BuilderToolbar
          editor={editor}
          store={store}
          previewing={previewing}
          discarding={state.discarding}
          discardButton={discardButton}
          onPreview={() => dispatch({ type: 'preview', on: !previewing })}
          onExport={() => void startExport()}
          onPropose={client ? () => void startProposing() : undefined}
          onDiscard={() => dispatch({ type: 'discarding', on: !state.discarding })}
        />
        <DraftNotices editor={editor} />
        {state.discarding ? (
          <Suspense fallback={null}>
            <DiscardConfirmation
              live={Boolean(draft.origin)}
              onDiscard={() => void discard()}
              onKeep={() => {
                dispatch({ type: 'discarding', on: false });
                discardButton.current?.focus();
              }}
            />
          </Suspense>
        ) : null}
        <p className="visually-hidden" aria-live="assertive" id="builder-announcer">
          {state.announcement}
        </p>
        <ProblemsList
          problems={problems}
          state={check === null ? 'checking' : all.length === 0 ? 'passes' : 'waiting'}
          whereOf={(problem) => placeOf(problem, draft)}
          onGo={goTo}
        />
        <PageDetails
          fields={pageFields}
          data={draft.data}
          problems={problems}
          options={options}
          onChange={onChange}
        />
        <BlocksSection
          draft={draft}
          edit={edit}
          selected={selected}
          problems={problems}
          options={options}
          onSelect={(id) => dispatch({ type: 'select', id })}
          onChange={onChange}
          announce={announce}
        />
        <PageText
          body={draft.body}
          problems={problems}
          onChange={(body) => edit((d, now) => setBody(d, body, now), BODY_FIELD)}
        />
      </div>
      <PreviewFrame
        page={preview?.page}
        site={site}
        title={textOf(draft.data.title) || 'Preview'}
        target={target}
        newTab={`/experiments/block-builder/preview?draft=${encodeURIComponent(draft.id)}`}
      />
      <datalist id="builder-routes">
        {options.routes.map((route) => (
          <option key={route} value={route} aria-label={route} />
        ))}
      </datalist>
      {(client && state.proposing) || state.exported ? (
        <Suspense fallback={null}>
          <BuilderDialogs
            draft={draft}
            store={store}
            client={client}
            change={change}
            proposing={state.proposing}
            exported={state.exported}
            onProposeClosed={() => dispatch({ type: 'propose', on: false })}
            onExportClosed={(result) => {
              dispatch({ type: 'export', result: null });
              if (result.refused) document.getElementById('problems')?.focus();
            }}
            onProposed={(proposal) =>
              editor.madeFrom(proposal.pages.find((page) => page.path === exportPath(draft))!.blob!)
            }
            onJoined={(proposal) =>
              adopt(
                proposal.commit!,
                'Your change was joined with the changes made since: the draft now holds both. Undo brings back your version alone.',
              )
            }
            onStartAgain={(newer) =>
              adopt(newer.commit, 'The draft now holds the newer version. Undo brings back yours.')
            }
          />
        </Suspense>
      ) : null}
    </div>
  );
}
