import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Every file under public/, as output-relative paths with their contents. */
export async function readPublicFiles(
  publicDir: string,
): Promise<{ path: string; contents: Buffer }[]> {
  let entries;
  try {
    entries = await readdir(publicDir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const files = entries.filter((entry) => entry.isFile());
  return Promise.all(
    files.map(async (entry) => {
      const absolute = path.join(entry.parentPath, entry.name);
      return {
        path: path.relative(publicDir, absolute).split(path.sep).join('/'),
        contents: await readFile(absolute),
      };
    }),
  );
}
