// The one script every page of the site's bundle runs (deferred, as a module): start-page.ts,
// prefetching the pages that links lead to.
import { startPrefetch } from './prefetch.ts';
import { startPage } from './start-page.ts';

await startPage(import.meta.url, startPrefetch);
