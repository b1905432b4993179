// The builder's export and proposal dialogs, each mounted while open (the shared Dialog returns
// focus when it closes). Builder.tsx loads this module, both together, when one first opens:
// neither is part of what the builder needs to start.
import type { Newer } from '../proposals/ProposeDialog.tsx';
import type { Proposal } from '../../../kernel/wire/proposals.ts';
import type { ProposalsClient } from '../../shared/proposals-client.ts';
import type { Draft } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import { ProposeDialog } from '../proposals/ProposeDialog.tsx';
import { ExportDialog, type ExportResult } from './ExportDialog.tsx';

export function BuilderDialogs({
  draft,
  store,
  client,
  change,
  proposing,
  exported,
  onProposeClosed,
  onExportClosed,
  onProposed,
  onJoined,
  onStartAgain,
}: {
  draft: Draft;
  store: DraftStore;
  client: ProposalsClient | null;
  change: string | undefined;
  proposing: boolean;
  exported: ExportResult | null;
  onProposeClosed: () => void;
  onExportClosed: (result: ExportResult) => void;
  onProposed: (proposal: Proposal) => void;
  onJoined: (proposal: Proposal) => Promise<void>;
  onStartAgain: (newer: Newer) => Promise<void>;
}) {
  return (
    <>
      {client && proposing ? (
        <ProposeDialog
          draft={draft}
          client={client}
          store={store}
          change={change}
          onClose={onProposeClosed}
          onProposed={onProposed}
          onJoined={onJoined}
          onStartAgain={onStartAgain}
        />
      ) : null}
      {exported ? (
        <ExportDialog result={exported} onClose={() => onExportClosed(exported)} />
      ) : null}
    </>
  );
}
