// A worker thread started from the sources (tests) starts here: tsx's loader first, then the worker.
// From the generator's bundle (scripts/run.mjs), the bundled worker.mjs starts directly.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
