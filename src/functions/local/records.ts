// What the local backend keeps of each change besides its branch: a JSON blob under
// refs/proposals/<id>, written and moved in the same ref transactions as the branch
// (local-proposals.ts); once published, under refs/published/<id>, moved there in the transaction
// that publishes it. Its checks' results are kept by commit, so a restart does not run them again;
// its schedule and what the scheduled run last found are kept with it.
import { z } from 'zod';
import { ChecksSchema, ProposalPageSchema, ProposalSchema } from '../../kernel/wire/proposals.ts';
import { ScheduleSchema } from '../../kernel/wire/schedule.ts';
import type { Git } from './git.ts';

const ResultSchema = z.discriminatedUnion('state', [
  z.strictObject({ state: z.literal('passed') }),
  z.strictObject({
    state: z.literal('failed'),
    firstProblem: z.string(),
    problems: ChecksSchema.shape.problems,
  }),
]);

export const LocalRecordSchema = z.strictObject({
  id: z.string(),
  branch: z.string(),
  pages: z.array(ProposalPageSchema.omit({ blob: true })).min(1),
  summary: z.string(),
  author: z.string(),
  authorEmail: z.string().optional(),
  created: z.string(),
  updated: z.string(),
  /** The commit the change is checked against: the one it was proposed from, or the live branch's head it was brought up to date with. */
  base: z.string(),
  /** The checks' results, by commit. */
  results: z.record(z.string(), ResultSchema),
  schedule: ScheduleSchema.optional(),
  /** Once published: the commit on the live branch, and when. */
  published: ProposalSchema.shape.published,
});
export type LocalRecord = z.infer<typeof LocalRecordSchema>;

const OPEN = 'refs/proposals/';
const PUBLISHED = 'refs/published/';

export class Records {
  static ref = (id: string) => `${OPEN}${id}`;
  static publishedRef = (id: string) => `${PUBLISHED}${id}`;
  readonly #known = new Map<string, LocalRecord>();

  constructor(private readonly git: Git) {}

  /** Every open change's record, with the blob that holds it. */
  all(): Promise<{ record: LocalRecord; blob: string }[]> {
    return this.#under(OPEN);
  }

  /** Every published change's record. */
  published(): Promise<{ record: LocalRecord; blob: string }[]> {
    return this.#under(PUBLISHED);
  }

  async #under(prefix: string): Promise<{ record: LocalRecord; blob: string }[]> {
    const blobs = (await this.git.run(['for-each-ref', '--format=%(objectname)', prefix]))
      .split('\n')
      .filter(Boolean);
    await this.#read(blobs);
    return blobs.flatMap((blob) => {
      const record = this.#known.get(blob);
      return record ? [{ record, blob }] : [];
    });
  }

  /** Reads the records not known yet: a blob never changes, so each is read once. */
  async #read(blobs: readonly string[]): Promise<void> {
    for (const [blob, bytes] of await this.git.contents(
      blobs.filter((name) => !this.#known.has(name)),
    )) {
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

  /**
   * Changes an open change's record alone (its branch untouched), read again and retried when it
   * moved meanwhile (a check's result kept); the record as written, or undefined when there is none
   * now (or `change` leaves it as it is).
   */
  async update(
    id: string,
    change: (record: LocalRecord) => LocalRecord | undefined,
  ): Promise<LocalRecord | undefined> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const found = await this.get(id);
      const next = found && change(found.record);
      if (!found || !next) return undefined;
      if (
        await this.git.updateRefs([
          `update ${Records.ref(id)} ${await this.write(next)} ${found.blob}`,
        ])
      )
        return next;
    }
    return undefined;
  }

  /** Keeps a check's result on the change whose branch's head is that commit (none, once withdrawn). */
  async keepResult(commit: string, result: LocalRecord['results'][string]): Promise<void> {
    for (const { record } of await this.all()) {
      if ((await this.git.resolve(`refs/heads/${record.branch}`)) !== commit) continue;
      await this.update(record.id, (now) => ({
        ...now,
        results: { ...now.results, [commit]: result },
      }));
    }
  }
}
