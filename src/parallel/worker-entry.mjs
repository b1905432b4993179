// A build worker thread starts here: plain JavaScript, so that it runs under any parent
// (tsx, vitest) once tsx's loader is registered for this thread.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
