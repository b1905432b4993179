// The enquiries locally: `.cache/forms/enquiry.jsonl`, which the local server appends a line to for
// each submission (src/generator/server/netlify-forms.ts). Deleting and marking rewrite the file
// whole, through a temporary file renamed over it, so that a reader never sees half a file; the
// rewrites of one file wait for each other. A line that is not a submission is kept as it is.
import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  EnquirySchema,
  StoredSubmissionSchema,
  type Enquiry,
  type StoredSubmission,
} from '../../kernel/wire/enquiry.ts';
import { ENQUIRY_FORM } from '../../kernel/wire/enquiry-rules.ts';
import { submissionsFileName } from '../../kernel/wire/enquiry-paths.ts';
import { failure } from '../http.ts';
import { newestFirst, type EnquiriesBackend } from './backend.ts';

/** One queue of rewrites per file, for the life of the process. */
const queues = new Map<string, Promise<unknown>>();

export class LocalEnquiries implements EnquiriesBackend {
  readonly file: string;
  constructor(dir: string) {
    this.file = path.join(dir, submissionsFileName(ENQUIRY_FORM));
  }

  async list(): Promise<Enquiry[]> {
    const enquiries: Enquiry[] = [];
    for (const line of await this.lines()) {
      const parsed = EnquirySchema.safeParse(parseLine(line));
      if (parsed.success) enquiries.push(parsed.data);
    }
    return enquiries.sort(newestFirst);
  }

  remove(id: string): Promise<void> {
    return this.rewrite(id, () => undefined);
  }

  markSpam(id: string, spam: boolean): Promise<void> {
    return this.rewrite(id, ({ spam: _was, ...submission }) =>
      spam ? { ...submission, spam: true } : submission,
    );
  }

  private async lines(): Promise<string[]> {
    try {
      return (await readFile(this.file, 'utf8')).split('\n').filter((line) => line.trim());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  /** The file with the submission `id` changed (or left out, when `change` gives nothing). */
  private rewrite(
    id: string,
    change: (submission: StoredSubmission) => StoredSubmission | undefined,
  ): Promise<void> {
    const run = async () => {
      let found = false;
      const lines = (await this.lines()).flatMap((line) => {
        const parsed = StoredSubmissionSchema.safeParse(parseLine(line));
        if (!parsed.success || parsed.data.id !== id) return [line];
        found = true;
        const changed = change(parsed.data);
        return changed ? [JSON.stringify(changed)] : [];
      });
      if (!found) throw failure('no-such-enquiry');
      const temporary = `${this.file}.${randomUUID()}.tmp`;
      await writeFile(temporary, lines.map((line) => `${line}\n`).join(''));
      await rename(temporary, this.file);
    };
    const next = (queues.get(this.file) ?? Promise.resolve()).then(run, run);
    queues.set(
      this.file,
      next.catch(() => {}),
    );
    return next;
  }
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
