// A built output folder read back whole, for tests that look at what a build wrote.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export class BuiltFolder {
  private constructor(
    readonly dir: string,
    /** Every file, by its path in the folder ("about/index.html"). */
    readonly files: ReadonlyMap<string, Buffer>,
  ) {}

  static async read(dir: string): Promise<BuiltFolder> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    const files = new Map<string, Buffer>();
    for (const entry of entries.filter((item) => item.isFile())) {
      const absolute = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dir, absolute).split(path.sep).join('/'), await readFile(absolute));
    }
    return new BuiltFolder(dir, new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1))));
  }

  text(file: string): string {
    const contents = this.files.get(file);
    if (contents === undefined) throw new Error(`Nothing was written to ${file}`);
    return contents.toString('utf8');
  }
}
