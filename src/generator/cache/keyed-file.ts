// Results kept on disk between builds (under .cache/, git-ignored): one v8-serialised file per
// result, valid only under the key it was written with (the code keys, src/generator/cache/code-key.mjs).
// Written through a temporary name, so a build running at the same time never reads half a
// file. A cache that cannot be read or written only makes a build slower. Deleting .cache/ is
// always safe.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';

interface KeyedFile<T> {
  key: string;
  value: T;
}

/** The value kept in `file` under `key`; undefined when there is none, or it was made under another key. */
export async function readKeyed<T>(file: string, key: string): Promise<T | undefined> {
  try {
    const kept = deserialize(await readFile(file)) as KeyedFile<T>;
    return kept.key === key ? kept.value : undefined;
  } catch {
    // Missing, or written by another version of Node: made afresh.
    return undefined;
  }
}

/** Keeps `value` under `key`; with `keep`, only the `keep` most recently written files of the folder stay (tests build many folders). */
export async function writeKeyed(
  file: string,
  key: string,
  value: unknown,
  { keep }: { keep?: number } = {},
): Promise<void> {
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, serialize({ key, value } satisfies KeyedFile<unknown>));
    await rename(temporary, file);
    if (keep) await pruneFolder(path.dirname(file), keep);
  } catch {
    await rm(temporary, { force: true }).catch(() => {});
  }
}

async function pruneFolder(dir: string, keep: number): Promise<void> {
  const names = (await readdir(dir)).filter((name) => !name.endsWith('.tmp'));
  if (names.length <= keep) return;
  const dated = await Promise.all(
    names.map(async (name) => ({
      name,
      time: (await stat(path.join(dir, name)).catch(() => null))?.mtimeMs ?? 0,
    })),
  );
  dated.sort((a, b) => b.time - a.time);
  await Promise.all(dated.slice(keep).map(({ name }) => rm(path.join(dir, name), { force: true })));
}
