import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the build's output goes. Passed in, so tests can render without touching disk. */
export interface OutputWriter {
  write(relativePath: string, contents: string | Uint8Array): Promise<void>;
  /** Files and bytes written so far. */
  readonly stats: { files: number; bytes: number };
}

export class DiskWriter implements OutputWriter {
  readonly stats = { files: 0, bytes: 0 };
  private readonly madeDirs = new Set<string>();
  constructor(readonly root: string) {}

  async write(relativePath: string, contents: string | Uint8Array): Promise<void> {
    const target = path.join(this.root, relativePath);
    const dir = path.dirname(target);
    if (!this.madeDirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.madeDirs.add(dir);
    }
    await writeFile(target, contents);
    this.stats.files += 1;
    this.stats.bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
  }
}

export class MemoryWriter implements OutputWriter {
  readonly stats = { files: 0, bytes: 0 };
  readonly files = new Map<string, string | Uint8Array>();

  async write(relativePath: string, contents: string | Uint8Array): Promise<void> {
    this.files.set(relativePath.split(path.sep).join('/'), contents);
    this.stats.files += 1;
    this.stats.bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
  }

  text(relativePath: string): string {
    const contents = this.files.get(relativePath);
    if (contents === undefined) throw new Error(`Nothing was written to ${relativePath}`);
    return typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8');
  }
}
