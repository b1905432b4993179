// The "header" island's entry: loaded only by pages that contain it.
import { Header } from '../../kernel/components/Header.tsx';
import { hydrateWith } from './hydrate.ts';

export const mount = hydrateWith(Header);
