// A check's result is kept on its change's record the moment the check ends (Records.keepResult),
// beside the changes the backend runs one at a time: a ref transaction that names the record as it
// was read then fails, though nobody touched the change. Such a change is tried again on the record
// as it is now. When a ref it read besides the record moved too, somebody else changed the change
// or its branch: the caller refuses in words.
import type { Git } from './git.ts';

/** A try whose ref transaction failed, with the refs it read besides the record and what they held. */
export class Raced {
  constructor(readonly read: Readonly<Record<string, string | undefined>>) {}
}

/** As many tries as Records.update makes for a record alone. */
const TRIES = 3;

/** The first try that went through; undefined when a ref besides the record moved, or after the last try. */
export async function againWhileOnlyTheRecordMoved<T>(
  git: Git,
  attempt: () => Promise<T | Raced>,
): Promise<Exclude<T, Raced> | undefined> {
  for (let tries = 0; tries < TRIES; tries += 1) {
    const done = await attempt();
    if (!(done instanceof Raced)) return done as Exclude<T, Raced>;
    for (const [ref, read] of Object.entries(done.read))
      if ((await git.resolve(ref)) !== read) return undefined;
  }
  return undefined;
}
