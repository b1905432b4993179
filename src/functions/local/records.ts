// What the local backend keeps of each proposal besides its branch: a JSON blob under
// refs/proposals/<id>, written and moved in the same ref transactions as the branch
// (local-backend.ts). Its checks' results are kept by commit, so a restart does not run them again.
import { z } from 'zod';
import { ChecksSchema } from '../../kernel/wire/proposals.ts';
import type { Git } from './git.ts';

const ResultSchema = z.discriminatedUnion('state', [
  z.strictObject({ state: z.literal('passed') }),
  z.strictObject({ state: z.literal('failed'), firstProblem: z.string(), problem: ChecksSchema.shape.problem }),
]);

export const LocalRecordSchema = z.strictObject({
  id: z.string(),
  branch: z.string(),
  path: z.string(),
  page: z.string(),
  route: z.string().optional(),
  summary: z.string(),
  author: z.string(),
  authorEmail: z.string().optional(),
  created: z.string(),
  updated: z.string(),
  /** The commit the proposal was made from. */
  base: z.string(),
  /** The checks' results, by commit. */
  results: z.record(z.string(), ResultSchema),
});
export type LocalRecord = z.infer<typeof LocalRecordSchema>;

const PREFIX = 'refs/proposals/';

export class Records {
  static ref = (id: string) => `${PREFIX}${id}`;
  readonly #known = new Map<string, LocalRecord>();

  constructor(private readonly git: Git) {}

  /** Every record, with the blob that holds it. */
  async all(): Promise<{ record: LocalRecord; blob: string }[]> {
    const blobs = (await this.git.run(['for-each-ref', '--format=%(objectname)', PREFIX])).split('\n').filter(Boolean);
    await this.#read(blobs);
    return blobs.flatMap((blob) => {
      const record = this.#known.get(blob);
      return record ? [{ record, blob }] : [];
    });
  }

  /** Reads the records not known yet: a blob never changes, so each is read once. */
  async #read(blobs: readonly string[]): Promise<void> {
    for (const [blob, bytes] of await this.git.contents(blobs.filter((blob) => !this.#known.has(blob)))) {
      const parsed = LocalRecordSchema.safeParse(JSON.parse(bytes.toString('utf8')));
      if (parsed.success) this.#known.set(blob, parsed.data);
    }
  }

  async get(id: string): Promise<{ record: LocalRecord; blob: string } | undefined> {
    const blob = await this.git.resolve(Records.ref(id));
    if (!blob) return undefined;
    await this.#read([blob]);
    const record = this.#known.get(blob);
    return record && { record, blob };
  }

  /** Writes the record's blob; the caller moves the ref to it, with the branch. */
  async write(record: LocalRecord): Promise<string> {
    const blob = await this.git.writeBlob(`${JSON.stringify(record, null, 2)}\n`);
    this.#known.set(blob, record);
    return blob;
  }

  /** Keeps a check's result on the proposal whose branch's head is that commit (none, once withdrawn). */
  async keepResult(commit: string, result: LocalRecord['results'][string]): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      let moved = false;
      for (const { record, blob } of await this.all()) {
        if ((await this.git.resolve(`refs/heads/${record.branch}`)) !== commit) continue;
        const kept = await this.write({ ...record, results: { ...record.results, [commit]: result } });
        if (await this.git.updateRefs([`update ${Records.ref(record.id)} ${kept} ${blob}`])) return;
        moved = true;
      }
      if (!moved) return;
    }
  }
}
