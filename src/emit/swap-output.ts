import { rename, rm } from 'node:fs/promises';

/**
 * Builds into a sibling temporary folder and swaps it in only when the build succeeded,
 * so a failed build leaves the previous output exactly as it was. The old output is
 * moved aside before it is deleted: deleting thousands of files just before writing
 * thousands is slow on some disks.
 */
export async function buildIntoTemporaryFolder<T>(outDir: string, build: (tempDir: string) => Promise<T>): Promise<T> {
  const stamp = `${process.pid}-${Date.now()}`;
  const tempDir = `${outDir}.tmp-${stamp}`;
  let result: T;
  try {
    result = await build(tempDir);
  } catch (error) {
    await rm(tempDir, { recursive: true, force: true });
    throw error;
  }
  const oldDir = `${outDir}.old-${stamp}`;
  const hadOutput = await rename(outDir, oldDir).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  await rename(tempDir, outDir);
  if (hadOutput) await rm(oldDir, { recursive: true, force: true });
  return result;
}
