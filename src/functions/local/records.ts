// What the local backend keeps of each proposal besides its branch: a JSON blob under
// refs/proposals/<id>, written and moved in the same ref transactions as the branch
// (local-backend.ts). Its checks' results are kept by commit, so a restart does not run them again.
import { z } from 'zod';
import type { Git } from './git.ts';

const ResultSchema = z.discriminatedUnion('state', [z.strictObject({ state: z.literal('passed') }), z.strictObject({ state: z.literal('failed'), firstProblem: z.string() })]);

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

  constructor(private readonly git: Git) {}

  /** Every record, with the blob that holds it. */
  async all(): Promise<{ record: LocalRecord; blob: string }[]> {
    const lines = (await this.git.run(['for-each-ref', '--format=%(objectname)', PREFIX])).split('\n').filter(Boolean);
    const contents = await this.git.contents(lines);
    return [...contents].flatMap(([blob, bytes]) => {
      const parsed = LocalRecordSchema.safeParse(JSON.parse(bytes.toString('utf8')));
      return parsed.success ? [{ record: parsed.data, blob }] : [];
    });
  }

  async get(id: string): Promise<{ record: LocalRecord; blob: string } | undefined> {
    const blob = await this.git.resolve(Records.ref(id));
    if (!blob) return undefined;
    const bytes = (await this.git.contents([blob])).get(blob);
    const parsed = bytes && LocalRecordSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed?.success ? { record: parsed.data, blob } : undefined;
  }

  /** Writes the record's blob; the caller moves the ref to it, with the branch. */
  write(record: LocalRecord): Promise<string> {
    return this.git.writeBlob(`${JSON.stringify(record, null, 2)}\n`);
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
