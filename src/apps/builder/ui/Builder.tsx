// The builder: a draft's page fields, blocks and Markdown body, edited in forms read from the
// schemas, checked by the build's own checks as it changes, previewed beside the form with the
// site's templates (following the field being edited), saved from the first change, undoable,
// and exported as the content file or proposed for publishing. Problems show once the owner has
// left their field or tries to propose or export (GOV.UK's error pattern), never on a fresh page.
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { BlockSchema } from '../../../kernel/schema/blocks.ts';
import type { ContentProblem } from '../../../kernel/errors/problems.ts';
import { checkDraft, loadDraftLint, type DraftCheck, type DraftLint } from '../check-draft.ts';
import {
  addBlock,
  adoptVersion,
  blocksOf,
  duplicateBlock,
  exportPath,
  exportText,
  moveBlock,
  removeBlock,
  setBody,
  setField,
  type Draft,
} from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import { BODY_FIELD, withFields } from '../field-of-problem.ts';
import { placeOf, shownProblems } from '../problems-shown.ts';
import { emptyBlock, fieldsOf, paletteOf } from '../../../kernel/schema/fields.ts';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';
import { describeStorageError } from '../../media/storage-errors.ts';
import { BlockList, blockTitle } from './BlockList.tsx';
import type { ExportResult } from './ExportDialog.tsx';
import { FieldInput } from './FieldInput.tsx';
import { fieldId, fieldKey, FieldProblems, problemsAt, type FieldPath } from './field-parts.tsx';
import { MarkdownField } from './MarkdownField.tsx';
import { BucketLine } from './BucketLine.tsx';
import { useSiteWithLibraryCheck } from './LibraryImage.tsx';
import { DiscardConfirmation } from './DiscardConfirmation.tsx';
import { PreviewFrame, previewTargetOf } from './PreviewFrame.tsx';
import { ProblemsList } from './ProblemsList.tsx';
import { PAGE_KINDS } from '../../../kernel/content/page-kinds.ts';
import { useServices } from '../../../kernel/components/account/services.ts';
import { proposalsClient } from '../proposals/client.ts';
import { useDraftCheck } from './use-draft-check.ts';
import { fieldOptions } from './site-data-client.ts';
import { useDraftEditor } from './use-draft-editor.ts';
import { useLeftFields } from './use-left-fields.ts';

// The export and proposal dialogs load when first opened: they are not part of what the builder needs to start.
const ExportDialog = lazy(() =>
  import('./ExportDialog.tsx').then(({ ExportDialog }) => ({ default: ExportDialog })),
);
const ProposeDialog = lazy(() =>
  import('../proposals/ProposeDialog.tsx').then(({ ProposeDialog }) => ({
    default: ProposeDialog,
  })),
);

const PALETTE = paletteOf(BlockSchema);
const KINDS = new Map(PALETTE.map((kind) => [kind.type, kind]));
/** The checks run once typing pauses; the preview follows every change. */
const CHECK_DELAY_MS = 150;

export interface BuilderProps {
  site: BuilderSite;
  initial: Draft;
  store: DraftStore;
  /** The draft was opened from the store (restored, or from the dashboard): it exists before any change. */
  stored?: boolean;
  /** After "Discard this draft": the draft is gone from the store; `message` says so, or what could not be done. */
  onDiscarded(message: string): void;
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
  const {
    draft,
    edit,
    undo,
    redo,
    canUndo,
    canRedo,
    saved,
    exists,
    madeFrom,
    elsewhere,
    joined,
    keepMine,
    takeTheirs,
  } = useDraftEditor(initial, store, stored);
  const { site, checked: siteChecked } = useSiteWithLibraryCheck(siteData, draft);
  const [selected, setSelected] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [attemptCheck, setAttemptCheck] = useState<DraftCheck | null>(null);
  // GOV.UK's pattern: a problem shows once its field has been left, all of them once the owner tries to propose or export.
  const [left, leave] = useLeftFields();
  const [attempted, setAttempted] = useState(false);
  const [focused, setFocused] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [exported, setExported] = useState<ExportResult | null>(null);
  // Once opened, a dialog stays mounted, so that it closes as a dialog does (focus returned).
  const [exportOpened, setExportOpened] = useState(false);
  if (exported && !exportOpened) setExportOpened(true);
  const [proposing, setProposing] = useState(false);
  const [proposeOpened, setProposeOpened] = useState(false);
  if (proposing && !proposeOpened) setProposeOpened(true);
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
  const check = attemptCheck ?? typed;
  const focusAfter = useRef<string | null>(null);
  const discardButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setAttemptCheck(null), [draft]);
  const current = check ?? preview;
  const all = useMemo(() => (current ? withFields(current.problems, current) : []), [current]);
  const problems = useMemo(() => shownProblems(all, { left, attempted }), [all, attempted, left]);
  const target = useMemo(
    () => (focused ? previewTargetOf(focused, draft) : null),
    [focused, draft],
  );

  // Ctrl+Z undoes and Ctrl+Shift+Z (or Ctrl+Y) redoes the builder's last change, wherever the focus is.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  // Focus goes to a field once the block that holds it is open.
  useEffect(() => {
    if (!focusAfter.current) return;
    const field = focusAfter.current;
    focusAfter.current = null;
    focusField(field);
  });

  const blocks = blocksOf(draft);
  const onChange = (path: FieldPath, value: unknown) =>
    edit((d, now) => setField(d, path, value, now), fieldKey(path));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length) return;
    edit((d, now) => moveBlock(d, from, to, now));
    setAnnouncement(
      `Moved the ${blockTitle(KINDS, blocks[from]!)} block from position ${from + 1} to position ${to + 1} of ${blocks.length}.`,
    );
  };
  const goTo = (problem: ContentProblem) => {
    const field = problem.field ?? BODY_FIELD;
    const match = /^blocks\.(\d+)/.exec(field);
    const id = match ? draft.blockIds[Number(match[1])] : undefined;
    // A block's field is there once its block is open, and the form once the preview gives way to it.
    if ((id && selected !== id) || previewing) {
      focusAfter.current = field;
      if (id) setSelected(id);
      setPreviewing(false);
    } else focusField(field);
  };
  /** The owner tries to propose or export: every problem shows, from a check with the lint. */
  const attempt = async (): Promise<DraftCheck> => {
    // With every library photo the draft uses looked up: one deleted since (a restored version's) is a problem now, not after proposing.
    const checkedSite = await siteChecked();
    const result = await checkDraft(draft, checkedSite, await loadDraftLint(checkedSite));
    setAttemptCheck(result);
    setAttempted(true);
    return result;
  };
  const startExport = async () => {
    const result = await attempt();
    setExported(
      result.problems.length > 0
        ? { refused: true, problems: result.problems.length }
        : {
            refused: false,
            path: result.path,
            text: exportText(draft),
            before: draft.origin?.text,
          },
    );
  };
  const startProposing = async () => {
    const result = await attempt();
    if (result.problems.length === 0) return setProposing(true);
    setPreviewing(false);
    requestAnimationFrame(() => document.getElementById('problems')?.focus());
  };
  /** Another version of the file as the draft (undo brings back what it held): the proposal it was joined into, or the newer one it starts again from. */
  const adopt = async (commit: string, said: string) => {
    if (!client) return;
    const file = await client.version(exportPath(draft), commit);
    edit((d, now) => adoptVersion(d, file, now));
    setAnnouncement(said);
  };
  const discard = async () => {
    const title = String(draft.data.title || draft.data.heading || 'Untitled page');
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
    if (key) setFocused(key);
  };
  const simple = pageFields.filter((field) => !field.advanced);
  const advanced = pageFields.filter((field) => field.advanced);
  const fieldOf = (field: (typeof pageFields)[number]) => (
    <FieldInput
      key={field.key}
      field={field}
      path={[field.key]}
      value={draft.data[field.key]}
      problems={problems}
      onChange={onChange}
      options={options}
    />
  );

  return (
    <div className={previewing ? 'builder is-previewing' : 'builder'}>
      <div className="builder-editor" onFocus={onEnter} onBlur={onLeave}>
        <div className="builder-toolbar" role="toolbar" aria-label="Draft">
          <button
            type="button"
            className="button button-secondary"
            onClick={undo}
            disabled={!canUndo}
            aria-keyshortcuts="Control+Z"
          >
            Undo
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={redo}
            disabled={!canRedo}
            aria-keyshortcuts="Control+Shift+Z"
          >
            Redo
          </button>
          <button
            type="button"
            className="button button-secondary preview-toggle"
            aria-pressed={previewing}
            onClick={() => setPreviewing(!previewing)}
          >
            Preview
          </button>
          <button type="button" className="button" onClick={() => void startExport()}>
            Export
          </button>
          {client ? (
            <button type="button" className="button" onClick={() => void startProposing()}>
              Propose this change
            </button>
          ) : null}
          {exists ? (
            <button
              type="button"
              className="button button-secondary"
              ref={discardButton}
              aria-expanded={discarding}
              aria-controls={discarding ? 'discard' : undefined}
              onClick={() => setDiscarding(!discarding)}
            >
              Discard this draft
            </button>
          ) : null}
          <p className="save-status" role="status">
            {saved === null
              ? 'Nothing is saved until you change something.'
              : 'error' in saved
                ? saved.error
                : `Saved in this browser at ${new Date(saved.at).toLocaleTimeString('en-GB')}.`}{' '}
            <BucketLine store={store} />
          </p>
        </div>
        {joined ? (
          <p className="builder-notice" role="status">
            Edits made to this draft in another tab or on another device were joined with yours at{' '}
            {new Date(joined).toLocaleTimeString('en-GB')}.
          </p>
        ) : null}
        {elsewhere ? (
          <div className="notice" role="alert">
            <p>
              <strong>This draft was changed in another tab or on another device</strong>, in the
              same places as here, so the two cannot be joined. Nothing more is saved until you
              choose.
            </p>
            <div className="export-actions">
              <button type="button" className="button" onClick={keepMine}>
                Keep this version
              </button>
              <button type="button" className="button button-secondary" onClick={takeTheirs}>
                Use the other version
              </button>
            </div>
          </div>
        ) : null}
        {discarding ? (
          <DiscardConfirmation
            live={Boolean(draft.origin)}
            onDiscard={() => void discard()}
            onKeep={() => {
              setDiscarding(false);
              discardButton.current?.focus();
            }}
          />
        ) : null}
        <p className="visually-hidden" aria-live="assertive" id="builder-announcer">
          {announcement}
        </p>
        <ProblemsList
          problems={problems}
          state={check === null ? 'checking' : all.length === 0 ? 'passes' : 'waiting'}
          whereOf={(problem) => placeOf(problem, draft)}
          onGo={goTo}
        />
        <section aria-labelledby="page-fields-heading">
          <h2 id="page-fields-heading">Page details</h2>
          {simple.map(fieldOf)}
          {advanced.length ? (
            <details className="advanced-fields">
              <summary>Advanced</summary>
              <p className="field-hint">
                Settings most pages never need: change them only if you know what they do.
              </p>
              {advanced.map(fieldOf)}
            </details>
          ) : null}
        </section>
        <section aria-labelledby="blocks-heading">
          <h2 id="blocks-heading">Blocks</h2>
          <BlockList
            blocks={blocks}
            ids={draft.blockIds}
            kinds={KINDS}
            selected={selected}
            problems={problems}
            options={options}
            onSelect={setSelected}
            onChange={onChange}
            onMove={move}
            onDuplicate={(index) => {
              edit((d, now) => duplicateBlock(d, index, now));
              setAnnouncement(
                `Duplicated the ${blockTitle(KINDS, blocks[index]!)} block; the copy is at position ${index + 2}.`,
              );
            }}
            onRemove={(index) => {
              edit((d, now) => removeBlock(d, index, now));
              setAnnouncement(
                `Removed the ${blockTitle(KINDS, blocks[index]!)} block. Undo brings it back.`,
              );
            }}
          />
        </section>
        <section aria-labelledby="palette-heading">
          <h2 id="palette-heading">Add a block</h2>
          <ul className="palette">
            {PALETTE.map((kind) => (
              <li key={kind.type}>
                <button
                  type="button"
                  className="palette-item"
                  onClick={() => {
                    edit((d, now) => addBlock(d, emptyBlock(kind), blocksOf(d).length, now));
                    setAnnouncement(
                      `Added a ${kind.title} block at position ${blocks.length + 1}.`,
                    );
                  }}
                >
                  <span className="palette-title">Add {kind.title}</span>
                  <span className="palette-description">{kind.description}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="body-heading" data-key={BODY_FIELD}>
          <h2 id="body-heading">Page text</h2>
          <p className="field-hint" id="field-body-hint">
            The page’s main text, shown where the page has a Page text block.
          </p>
          <label htmlFor={fieldId([BODY_FIELD])}>Page text (Markdown)</label>
          <MarkdownField
            id={fieldId([BODY_FIELD])}
            value={draft.body}
            invalid={problemsAt(problems, [BODY_FIELD]).length > 0 || undefined}
            describedBy={
              problemsAt(problems, [BODY_FIELD]).length
                ? 'field-body-hint field-body-problems'
                : 'field-body-hint'
            }
            onChange={(body) => edit((d, now) => setBody(d, body, now), BODY_FIELD)}
          />
          <FieldProblems
            id={`${fieldId([BODY_FIELD])}-problems`}
            problems={problemsAt(problems, [BODY_FIELD])}
          />
        </section>
      </div>
      <PreviewFrame
        page={preview?.page}
        site={site}
        title={String(draft.data.title ?? 'Preview')}
        target={target}
        newTab={`/experiments/block-builder/preview?draft=${encodeURIComponent(draft.id)}`}
      />
      <datalist id="builder-routes">
        {options.routes.map((route) => (
          <option key={route} value={route} />
        ))}
      </datalist>
      {client && proposeOpened ? (
        <Suspense fallback={null}>
          <ProposeDialog
            open={proposing}
            draft={draft}
            client={client}
            store={store}
            onClose={() => setProposing(false)}
            change={change}
            onProposed={(proposal) =>
              madeFrom(proposal.pages.find((page) => page.path === exportPath(draft))!.blob!)
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
      {exportOpened ? (
        <Suspense fallback={null}>
          <ExportDialog
            result={exported}
            onClose={() => {
              const refused = exported?.refused;
              setExported(null);
              if (refused) document.getElementById('problems')?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The lint, once its module has loaded after the builder started; until then the checks run without it. */
function useDraftLint(site: BuilderSite): DraftLint | null {
  const [lint, setLint] = useState<DraftLint | null>(null);
  useEffect(() => {
    let current = true;
    void loadDraftLint(site).then((loaded) => current && setLint(() => loaded));
    return () => {
      current = false;
    };
  }, [site]);
  return lint;
}

/** Focuses a field's control, or the nearest one that holds it ("areaServed.3" → the Area served group), opening the "Advanced" group it may be in. */
function focusField(field: string): void {
  const parts = field.split('.');
  for (let length = parts.length; length > 0; length--) {
    const element = document.getElementById(fieldId(parts.slice(0, length)));
    if (element) {
      const folded = element.closest('details');
      if (folded) folded.open = true;
      const target = element.matches('input, select, textarea, button')
        ? element
        : (element.querySelector<HTMLElement>('input, select, textarea, button') ?? element);
      target.focus();
      target.scrollIntoView({ block: 'center' });
      return;
    }
  }
  document.getElementById('problems')?.focus();
}
