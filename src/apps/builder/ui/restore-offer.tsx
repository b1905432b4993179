// What both builder screens say above the builder: what became of the last draft, and the offer to
// restore a draft left here. Apart from either screen, so that neither carries the other.
import { titleOf, type Draft } from '../draft.ts';

/** What became of the last draft, said once above the builder. */
export const Notice = ({ text }: { text: string }) => (
  <p className="builder-notice">
    <output>{text}</output>
  </p>
);

export function RestoreOffer({
  draft,
  onRestore,
  onNew,
  newLabel = 'Start a new page',
}: {
  draft: Draft;
  onRestore: () => void;
  onNew: () => void;
  newLabel?: string;
}) {
  const title = titleOf(draft);
  return (
    <section className="restore-offer" aria-labelledby="restore-heading">
      <h2 id="restore-heading">Restore your draft?</h2>
      <p>
        You were editing “{title}”, last changed on{' '}
        {new Date(draft.updated).toLocaleString('en-GB')}. It is saved in this browser.
      </p>
      <div className="export-actions">
        <button type="button" className="button" onClick={onRestore}>
          Restore the draft
        </button>
        <button type="button" className="button button-secondary" onClick={onNew}>
          {newLabel}
        </button>
      </div>
    </section>
  );
}
