// The builder's export and proposal dialogs, each mounted while open (the shared Dialog returns
// focus when it closes) and loaded when first opened: neither is part of what the builder needs
// to start.
import { lazy, Suspense } from 'react';
import type { Proposal } from '../../../kernel/wire/proposals.ts';
import type { ProposalsClient } from '../../shared/proposals-client.ts';
import type { Draft } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import type { Newer } from '../proposals/ProposeDialog.tsx';
import type { ExportResult } from './ExportDialog.tsx';

const LazyExportDialog = lazy(() =>
  import('./ExportDialog.tsx').then((module) => ({ default: module.ExportDialog })),
);
const LazyProposeDialog = lazy(() =>
  import('../proposals/ProposeDialog.tsx').then((module) => ({ default: module.ProposeDialog })),
);

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
    <Suspense fallback={null}>
      {client && proposing ? (
        <LazyProposeDialog
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
        <LazyExportDialog result={exported} onClose={() => onExportClosed(exported)} />
      ) : null}
    </Suspense>
  );
}
