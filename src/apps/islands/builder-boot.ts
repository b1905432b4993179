// The builder's pages' copy of the script every page runs (start-page.ts), without prefetching:
// an administrator editing a page is not about to browse the site's pages, and the builder's
// scripts then carry no prefetching code.
import { startPage } from './start-page.ts';

await startPage(import.meta.url);
