// The "sidebar" island's entry: loaded only by pages that contain it.
import { Sidebar } from '../../kernel/components/Sidebar.tsx';
import { hydrateWith } from './hydrate.ts';

export const mount = hydrateWith(Sidebar);
