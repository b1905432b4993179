// git, as the local backend uses it: plumbing commands on one repository, with their input and
// environment given, their failures thrown with git's own words.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { failure } from '../http.ts';

export class GitError extends Error {
  override name = 'GitError';
  constructor(
    readonly args: readonly string[],
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args.join(' ')} failed (exit ${code}): ${stderr.trim() || 'no message'}`);
  }
}

export interface GitOptions {
  input?: string | Buffer;
  /** At the lowest priority: work in the background that must not slow the answers. */
  background?: boolean;
  env?: Readonly<Record<string, string>>;
  cwd?: string;
}

export class Git {
  constructor(readonly dir: string) {}

  /** stdout as bytes; a failure throws GitError. */
  async raw(args: readonly string[], options: GitOptions = {}): Promise<Buffer> {
    const child = spawn('git', args, {
      cwd: options.cwd ?? this.dir,
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    if (options.background) lowerPriority(child.pid);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new GitError(args, code, Buffer.concat(err).toString('utf8'));
    return Buffer.concat(out);
  }

  /** stdout as text, without its last line break. */
  async run(args: readonly string[], options: GitOptions = {}): Promise<string> {
    return (await this.raw(args, options)).toString('utf8').replace(/\n$/, '');
  }

  /** The object a revision names ("refs/heads/x", "HEAD:content/x.md"), or undefined when there is none. */
  async resolve(revision: string): Promise<string | undefined> {
    try {
      return await this.run(['rev-parse', '--verify', '--quiet', '--end-of-options', revision]);
    } catch (error) {
      if (error instanceof GitError && error.code === 1) return undefined;
      throw error;
    }
  }

  /** Objects' contents by name (`git cat-file --batch`); a name git does not have is left out. */
  async contents(names: readonly string[]): Promise<Map<string, Buffer>> {
    return new Map([...(await this.objects(names))].map(([name, object]) => [name, object.bytes]));
  }

  /**
   * Objects by any name git reads ("<sha>", "<commit>:<path>"), each with its own name and contents
   * (`git cat-file --batch`, one process for all); a name git does not have is left out.
   */
  async objects(names: readonly string[]): Promise<Map<string, { sha: string; bytes: Buffer }>> {
    const found = new Map<string, { sha: string; bytes: Buffer }>();
    if (names.length === 0) return found;
    const output = await this.raw(['cat-file', '--batch'], { input: `${names.join('\n')}\n` });
    let at = 0;
    for (const name of names) {
      const end = output.indexOf(10, at);
      const header = output.subarray(at, end).toString('utf8');
      at = end + 1;
      const [sha, , size] = header.split(' ');
      if (header.endsWith(' missing') || header.endsWith(' ambiguous') || size === undefined)
        continue;
      found.set(name, { sha: sha!, bytes: output.subarray(at, at + Number(size)) });
      at += Number(size) + 1;
    }
    return found;
  }

  /** The objects names stand for ("<commit>:<path>"), by name (`git cat-file --batch-check`, one process for all); a name git does not have is left out. */
  async shas(names: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (names.length === 0) return found;
    const lines = (
      await this.run(['cat-file', '--batch-check=%(objectname)'], {
        input: `${names.join('\n')}\n`,
      })
    ).split('\n');
    names.forEach((name, i) => {
      const line = lines[i] ?? '';
      if (/^[0-9a-f]{40,64}$/.test(line)) found.set(name, line);
    });
    return found;
  }

  /** Whether `commit` is `descendant` or one of its ancestors (`git merge-base --is-ancestor`); false when either is not a commit here. */
  async contains(descendant: string, commit: string): Promise<boolean> {
    try {
      await this.run(['merge-base', '--is-ancestor', commit, descendant]);
      return true;
    } catch (error) {
      if (error instanceof GitError) return false;
      throw error;
    }
  }

  /** Writes a blob into the repository; its name. */
  writeBlob(content: string): Promise<string> {
    return this.run(['hash-object', '-w', '--stdin'], { input: content });
  }

  /**
   * Applies ref changes all at once or not at all (`git update-ref --stdin`): "create <ref> <new>",
   * "update <ref> <new> <old>", "delete <ref> <old>". False when a ref was not as expected.
   */
  async updateRefs(commands: readonly string[]): Promise<boolean> {
    try {
      await this.run(['update-ref', '--stdin'], {
        input: `start\n${commands.join('\n')}\nprepare\ncommit\n`,
      });
      return true;
    } catch (error) {
      if (
        error instanceof GitError &&
        /cannot lock ref|reference already exists|is at .* but expected|unable to resolve reference|expected/i.test(
          error.stderr,
        )
      )
        return false;
      throw error;
    }
  }
}

/** The lowest scheduling priority for a process (background work); where the system refuses, as it is. */
export function lowerPriority(pid: number | undefined): void {
  try {
    if (pid !== undefined) setPriority(pid, 19);
  } catch {
    // Not allowed here: it runs at the usual priority.
  }
}

/** Runs git work, a failure of git answered in its words (500) rather than as a fault. */
export async function onGit<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GitError)
      throw failure(
        'git-failed',
        error.stderr.trim().split('\n')[0] || `git ${error.args[0]} stopped (exit ${error.code}).`,
      );
    throw error;
  }
}
