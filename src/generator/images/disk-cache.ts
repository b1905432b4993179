import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Encoded images kept on disk between builds (under .cache/, git-ignored), by names that hash
 * everything that went into them: a rebuild reads them back instead of encoding again.
 * Deleting the folder is always safe; nothing prunes it.
 */
export class DiskCache {
  private madeDir: Promise<unknown> | undefined;

  constructor(readonly dir: string) {}

  /** The cached file, or undefined when it is not there. */
  async read(name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(path.join(this.dir, name));
    } catch {
      return undefined;
    }
  }

  /**
   * Writes through a temporary name, so a build running at the same time never reads half a file.
   * A cache that cannot be written (a read-only disk) only makes the next build slower: no error.
   */
  async write(name: string, contents: string | Uint8Array): Promise<void> {
    const temporary = path.join(
      this.dir,
      `.${name}.${process.pid}-${Math.random().toString(36).slice(2)}`,
    );
    try {
      await (this.madeDir ??= mkdir(this.dir, { recursive: true }));
      await writeFile(temporary, contents);
      await rename(temporary, path.join(this.dir, name));
    } catch {
      await rm(temporary, { force: true }).catch(() => {});
    }
  }
}

/** A short hex digest of the given parts, for file names. */
export function hashOf(parts: readonly (string | Uint8Array)[], length = 10): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, length);
}
