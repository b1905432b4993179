// The "scroll-top" island's entry: loaded only by pages that contain it.
import { ScrollToTop } from '../../kernel/components/ScrollToTop.tsx';
import { hydrateWith } from './hydrate.ts';

export const mount = hydrateWith(ScrollToTop);
