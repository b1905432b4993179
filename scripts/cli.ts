import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ContentError, formatProblems } from '../src/kernel/errors/problems.ts';
import { AllowedHostError, allowedHostNames } from '../src/generator/server/allowed-hosts.ts';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

/** A problem the user can fix: one clear line, no stack trace. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Parses the command's options strictly; unknown options print the usage line. */
export function parseOptions<O extends NonNullable<ParseArgsConfig['options']>>(
  options: O,
  usage: string,
) {
  try {
    return parseArgs({ options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
}

/** --port, else PORT, else 8080. */
export function portOption(value: string | undefined): number {
  const text = value ?? (process.env.PORT || '8080');
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) fail(`Invalid port: ${text}`);
  return port;
}

/**
 * Checks the names a local server is to answer to besides localhost, 127.0.0.1 and [::1] (--host
 * and each --allowed-host) before anything starts: one line for a value that is not a host name.
 */
export function checkHostOptions(host: string, allowed: readonly string[]): void {
  try {
    allowedHostNames([host, ...allowed]);
  } catch (error) {
    if (error instanceof AllowedHostError) fail(error.message);
    throw error;
  }
}

/** What to tell the user when a server cannot listen; undefined for errors that are not theirs to fix. */
export function listenProblem(
  error: NodeJS.ErrnoException,
  port: number,
  host: string,
): string | undefined {
  if (error.code === 'EADDRINUSE')
    return `Port ${port} is already in use. Pick another with --port <n> or PORT=<n>.`;
  if (error.code === 'EACCES') return `No permission to listen on port ${port}.`;
  if (error.code === 'ENOTFOUND' || error.code === 'EADDRNOTAVAIL')
    return `Cannot listen on host "${host}".`;
  return undefined;
}

/**
 * Problems (content, images, lint, budgets) are for the people who can fix them: print the
 * report, not a stack trace. Anything else is a fault in the generator, reported with its causes.
 */
export function exitWithError(error: unknown, footer?: string): never {
  if (ContentError.is(error)) {
    console.error(formatProblems(error.problems));
    if (footer) console.error(`\n${footer}`);
  } else {
    console.error('The build failed because of an error in the generator, not in the content:');
    console.error(error);
  }
  process.exit(1);
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(2)} MB`
    : `${(bytes / 1024).toFixed(1)} KB`;
}
