// "Discard this draft?", the builder's question before a draft is removed from this browser and
// the bucket: asked under the toolbar rather than over the page, so that nothing else is covered.
import { useEffect, useRef } from 'react';

/**
 * "Discard this draft?", asked under the toolbar (not over the page: nothing else is covered), its
 * question focused so that a screen reader reads it; "Keep it" returns to the button.
 */
export function DiscardConfirmation({
  live,
  onDiscard,
  onKeep,
}: {
  live: boolean;
  onDiscard: () => void;
  onKeep: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="discard-confirmation" id="discard" aria-labelledby="discard-heading">
      <h2 id="discard-heading" tabIndex={-1} ref={heading}>
        Discard this draft?
      </h2>
      <p>
        Your changes are removed from this browser and from the Storage bucket, and cannot be
        brought back.{live ? ' The live page stays as it is.' : ''}
      </p>
      <div className="export-actions">
        <button type="button" className="button" onClick={onDiscard}>
          Discard the draft
        </button>
        <button type="button" className="button button-secondary" onClick={onKeep}>
          Keep it
        </button>
      </div>
    </section>
  );
}
