// The built site the browser tests serve: dist/ (QUALITY_DIST may point the file-reading gates
// at another output folder, for a run against `npm run build -- --out <dir>`).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DIST = resolve(PROJECT_ROOT, process.env.QUALITY_DIST ?? 'dist');
