// What the dev server watches, which changes need the generator's code to be
// reloaded, and how a batch of changes is described in the terminal.
import path from 'node:path';

export type ChangeKind = 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';

export interface FileChange {
  kind: ChangeKind;
  /** Absolute path. */
  path: string;
}

export interface WatchLayout {
  projectRoot: string;
  /** The content folder the build reads (content/ unless --content says otherwise). */
  contentDir: string;
}

/** content/, src/, public/ and netlify.toml. */
export function watchTargets({ projectRoot, contentDir }: WatchLayout): string[] {
  return [
    contentDir,
    ...['src', 'public', 'netlify.toml'].map((name) => path.join(projectRoot, name)),
  ];
}

/** The dev server and the local server run in the watching process and are not part of the build. */
const UNWATCHED_SOURCE_DIRS = ['src/generator/dev', 'src/generator/server'];

/**
 * Editors' and tools' swap, lock and backup files: vim (.x.swp, 4913), emacs
 * (.#x, x~), JetBrains, macOS, and `sed -i` (sedAbC123, renamed over the file).
 */
const EDITOR_TEMP_FILE =
  /^\.#|~$|\.sw[a-px]$|^4913$|___jb_(tmp|old)___$|^\.DS_Store$|^sed[A-Za-z0-9]{6}$/;

/** The `ignored` matcher for chokidar. */
export function createIgnoreMatcher(projectRoot: string): (file: string) => boolean {
  const excluded = UNWATCHED_SOURCE_DIRS.map((dir) => path.join(projectRoot, dir));
  return (file) => {
    const absolute = path.resolve(projectRoot, file);
    if (excluded.some((dir) => absolute === dir || absolute.startsWith(dir + path.sep)))
      return true;
    return EDITOR_TEMP_FILE.test(path.basename(absolute));
  };
}

/**
 * True when the change is to the generator's own code (src/), which
 * the dev server has already loaded: the next build needs the generator's bundle made afresh.
 * A stylesheet counts too: it is part of the render code key, so the browser bundle is made again.
 * Content, public files and netlify.toml are read from disk on every build.
 */
export function needsFreshModules(change: FileChange, projectRoot: string): boolean {
  const root = path.join(projectRoot, 'src');
  return change.path === root || change.path.startsWith(root + path.sep);
}

const VERBS: Record<ChangeKind, string> = {
  add: 'added',
  change: 'changed',
  unlink: 'deleted',
  addDir: 'added',
  unlinkDir: 'deleted',
};

/** A path as the editor knows it: relative to the project when inside it. */
export function displayPath(file: string, projectRoot: string): string {
  const relative = path.relative(projectRoot, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return file;
  return relative.split(path.sep).join('/');
}

/**
 * "content/services/x.md changed", "a.md, b.md and c.md changed",
 * "a.md, b.md and 4 more files changed". Repeated events for a file count once.
 */
export function describeChanges(changes: readonly FileChange[], projectRoot: string): string {
  const latest = new Map<string, ChangeKind>();
  for (const change of changes) {
    latest.delete(change.path); // keep the order of the last event per file
    latest.set(change.path, change.kind);
  }
  const entries = [...latest];
  const names = entries.map(([file]) => displayPath(file, projectRoot));
  if (entries.length === 0) return 'Nothing changed';
  if (entries.length === 1) return `${names[0]} ${VERBS[entries[0]![1]]}`;
  if (entries.length <= 3) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} changed`;
  return `${names.slice(0, 2).join(', ')} and ${entries.length - 2} more files changed`;
}
