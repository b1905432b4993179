import { ContentError, formatProblems } from '../src/content/problems.ts';
import type { Logger } from '../src/build.ts';

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

/** Reads "--name value" and "--name=value" options. */
export function option(name: string, argv = process.argv.slice(2)): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === `--${name}`) return argv[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

/**
 * Content problems are the editor's to fix: print the report, not a stack trace.
 * Anything else is a fault in the generator, reported with its cause.
 */
export function exitWithError(error: unknown, footer?: string): never {
  if (error instanceof ContentError) {
    console.error(formatProblems(error.problems));
    if (footer) console.error(`\n${footer}`);
  } else {
    console.error('The build failed because of an error in the generator, not in the content:');
    console.error(error);
  }
  process.exit(1);
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}
