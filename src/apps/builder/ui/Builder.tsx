// The builder: a draft's page fields, blocks and Markdown body, edited in forms read from the
// schemas, checked by the build's own checks as it changes, previewed with the site's templates,
// saved on every change, undoable, and exported as the content file.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { BlockSchema } from '../../../kernel/schema/blocks.ts';
import type { ContentProblem } from '../../../kernel/errors/problems.ts';
import { checkDraft, type DraftCheck } from '../check-draft.ts';
import { addBlock, blocksOf, duplicateBlock, exportText, moveBlock, removeBlock, setBody, setField, type Draft } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import { BODY_FIELD, withFields } from '../field-of-problem.ts';
import { emptyBlock, fieldsOf, paletteOf } from '../../../kernel/schema/fields.ts';
import type { BuilderSite } from '../../../kernel/wire/builder-data.ts';
import { BlockList, blockTitle } from './BlockList.tsx';
import type { ExportResult } from './ExportDialog.tsx';
import { FieldInput } from './FieldInput.tsx';
import { fieldId, fieldKey, FieldProblems, problemsAt, type FieldPath } from './field-parts.tsx';
import { MarkdownField } from './MarkdownField.tsx';
import { BucketLine } from './BucketLine.tsx';
import { useSiteWithLibraryImages } from './LibraryImage.tsx';
import { PreviewFrame } from './PreviewFrame.tsx';
import { ProblemsList } from './ProblemsList.tsx';
import { PAGE_KINDS } from '../../../kernel/content/page-kinds.ts';
import { siteLint } from '../../../kernel/check/site-lint.ts';
import { useServices } from '../../../kernel/components/account/services.ts';
import { proposalsClient } from '../proposals/client.ts';
import { useDraftCheck } from './use-draft-check.ts';
import { fieldOptions, renderForLint } from './site-data-client.ts';
import { useDraftEditor } from './use-draft-editor.ts';

// The export and proposal dialogs load when first opened: they are not part of what the builder needs to start.
const ExportDialog = lazy(() => import('./ExportDialog.tsx').then(({ ExportDialog }) => ({ default: ExportDialog })));
const ProposeDialog = lazy(() => import('../proposals/ProposeDialog.tsx').then(({ ProposeDialog }) => ({ default: ProposeDialog })));

const PALETTE = paletteOf(BlockSchema);
const KINDS = new Map(PALETTE.map((kind) => [kind.type, kind]));
/** The checks run once typing pauses; the preview follows every change. */
const CHECK_DELAY_MS = 150;

export function Builder({ site: siteData, initial, store }: { site: BuilderSite; initial: Draft; store: DraftStore }) {
  const { draft, edit, undo, redo, canUndo, canRedo, saved } = useDraftEditor(initial, store);
  const site = useSiteWithLibraryImages(siteData, draft);
  const [selected, setSelected] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [exportCheck, setExportCheck] = useState<DraftCheck | null>(null);
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
  const pageFields = useMemo(() => fieldsOf(PAGE_KINDS[draft.kind]).filter((field) => field.key !== 'blocks'), [draft.kind]);
  const preview = useDraftCheck(draft, site);
  const lint = useMemo(() => siteLint(site, renderForLint), [site]);
  const typed = useDraftCheck(draft, site, lint, CHECK_DELAY_MS);
  const check = exportCheck ?? typed;
  const focusAfter = useRef<string | null>(null);
  useEffect(() => setExportCheck(null), [draft]);
  const current = check ?? preview;
  const problems = useMemo(() => (current ? withFields(current.problems, current) : []), [current]);

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
    const target = focusAfter.current;
    focusAfter.current = null;
    focusField(target);
  });

  const blocks = blocksOf(draft);
  const onChange = (path: FieldPath, value: unknown) => edit((d, now) => setField(d, path, value, now), fieldKey(path));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length) return;
    edit((d, now) => moveBlock(d, from, to, now));
    setAnnouncement(`Moved the ${blockTitle(KINDS, blocks[from]!)} block from position ${from + 1} to position ${to + 1} of ${blocks.length}.`);
  };
  const goTo = (problem: ContentProblem) => {
    const field = problem.field ?? BODY_FIELD;
    const match = /^blocks\.(\d+)/.exec(field);
    const id = match ? draft.blockIds[Number(match[1])] : undefined;
    if (id && selected !== id) {
      focusAfter.current = field;
      setSelected(id);
    } else focusField(field);
  };
  const startExport = async () => {
    const result = await checkDraft(draft, site, lint);
    setExportCheck(result);
    setExported(result.problems.length > 0 ? { refused: true, problems: result.problems.length } : { refused: false, path: result.path, text: exportText(draft), before: draft.origin?.text });
  };

  return (
    <div className="builder">
      <div className="builder-toolbar" role="toolbar" aria-label="Draft">
        <button type="button" className="button button-secondary" onClick={undo} disabled={!canUndo} aria-keyshortcuts="Control+Z">
          Undo
        </button>
        <button type="button" className="button button-secondary" onClick={redo} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z">
          Redo
        </button>
        <a className="button button-secondary" href={`/experiments/block-builder/preview?draft=${encodeURIComponent(draft.id)}`} target="_blank" rel="noopener">
          Open the preview in a new tab
        </a>
        <button type="button" className="button" onClick={() => void startExport()}>
          Export
        </button>
        {client ? (
          <button type="button" className="button" disabled={!check || check.problems.length > 0} onClick={() => setProposing(true)}>
            Propose this change
          </button>
        ) : null}
        <p className="save-status" role="status">
          {saved === null ? 'Not saved yet.' : 'error' in saved ? saved.error : `Saved in this browser at ${new Date(saved.at).toLocaleTimeString('en-GB')}.`} <BucketLine store={store} />
        </p>
      </div>
      <p className="visually-hidden" aria-live="assertive" id="builder-announcer">
        {announcement}
      </p>
      <div className="builder-columns">
        <div className="builder-editor">
          <ProblemsList problems={problems} checking={check === null} onGo={goTo} />
          <section aria-labelledby="page-fields-heading">
            <h2 id="page-fields-heading">Page details</h2>
            {pageFields.map((field) => (
              <FieldInput key={field.key} field={field} path={[field.key]} value={draft.data[field.key]} problems={problems} onChange={onChange} options={options} />
            ))}
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
                setAnnouncement(`Duplicated the ${blockTitle(KINDS, blocks[index]!)} block; the copy is at position ${index + 2}.`);
              }}
              onRemove={(index) => {
                edit((d, now) => removeBlock(d, index, now));
                setAnnouncement(`Removed the ${blockTitle(KINDS, blocks[index]!)} block. Undo brings it back.`);
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
                      setAnnouncement(`Added a ${kind.title} block at position ${blocks.length + 1}.`);
                    }}
                  >
                    <span className="palette-title">Add {kind.title}</span>
                    <span className="palette-description">{kind.description}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="body-heading">
            <h2 id="body-heading">Page text</h2>
            <p className="field-hint" id="field-body-hint">
              Markdown below the front matter; a Page text block shows it.
            </p>
            <label htmlFor={fieldId([BODY_FIELD])}>Page text (Markdown)</label>
            <MarkdownField
              id={fieldId([BODY_FIELD])}
              value={draft.body}
              invalid={problemsAt(problems, [BODY_FIELD]).length > 0 || undefined}
              describedBy={problemsAt(problems, [BODY_FIELD]).length ? 'field-body-hint field-body-problems' : 'field-body-hint'}
              onChange={(body) => edit((d, now) => setBody(d, body, now), BODY_FIELD)}
            />
            <FieldProblems id={`${fieldId([BODY_FIELD])}-problems`} problems={problemsAt(problems, [BODY_FIELD])} />
          </section>
        </div>
        <PreviewFrame page={preview?.page} site={site} title={String(draft.data.title ?? 'Preview')} />
      </div>
      <datalist id="builder-routes">
        {options.routes.map((route) => (
          <option key={route} value={route} />
        ))}
      </datalist>
      {client && proposeOpened ? (
        <Suspense fallback={null}>
          <ProposeDialog open={proposing} draft={draft} client={client} store={store} onClose={() => setProposing(false)} />
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

/** Focuses a field's control, or the nearest one that holds it ("areaServed.3" → the Area served group). */
function focusField(field: string): void {
  const parts = field.split('.');
  for (let length = parts.length; length > 0; length--) {
    const element = document.getElementById(fieldId(parts.slice(0, length)));
    if (element) {
      const target = element.matches('input, select, textarea, button') ? element : (element.querySelector<HTMLElement>('input, select, textarea, button') ?? element);
      target.focus();
      target.scrollIntoView({ block: 'center' });
      return;
    }
  }
  document.getElementById('problems')?.focus();
}
