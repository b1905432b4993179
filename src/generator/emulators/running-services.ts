// Where the running `npm start` (or `npm run serve`) has its emulators, for the commands that need
// them meanwhile: `npm run admin`, and a local build by hand that fetches library photos. Their
// ports are chosen at start (no well-known port for another site to aim at), so the server notes
// them in a small file, .cache/local-services.json, and removes it when it stops. A file left by a
// server that was killed names a process that is gone, and is ignored.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const RunningServicesSchema = z.strictObject({
  /** The server's process. */
  pid: z.number().int().positive(),
  /** The site, as printed: http://localhost:8080 */
  site: z.string(),
  /** host:port of each emulator on 127.0.0.1. */
  auth: z.string(),
  storage: z.string(),
});
export type RunningServices = z.infer<typeof RunningServicesSchema>;

export const runningServicesFile = (projectRoot: string) =>
  path.join(projectRoot, '.cache', 'local-services.json');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** What the file says, if it is a note of this kind. */
function noted(file: string): RunningServices | undefined {
  try {
    const parsed = RunningServicesSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The services a running server noted; undefined when none is noted, or its server is gone. */
export function readRunningServices(file: string): RunningServices | undefined {
  const services = noted(file);
  return services && alive(services.pid) ? services : undefined;
}

/**
 * Notes this server's services, unless another running server noted its own (two `npm start` in
 * one folder: the first keeps the file). Returns whether it wrote.
 */
export function noteRunningServices(file: string, services: RunningServices): boolean {
  const other = readRunningServices(file);
  if (other && other.pid !== services.pid) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(services, null, 2)}\n`);
  return true;
}

/** Removes the note, if it is still this process's. Synchronous, so that it runs on exit too. */
export function forgetRunningServices(file: string, pid = process.pid): void {
  if (noted(file)?.pid === pid) rmSync(file, { force: true });
}
