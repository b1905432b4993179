// The share images' tagline is drawn in a system font (librsvg, inside sharp, asks fontconfig for
// one), so the same card can come out differently on a machine with other fonts. What each font
// folder holds is part of the image's key: its file name changes with the fonts, and a file served
// for a year under one name never changes its bytes.
import { readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { hashOf } from './disk-cache.ts';

/** fontconfig's usual folders on Linux, and macOS's. */
const FONT_DIRS = [
  '/usr/share/fonts',
  '/usr/local/share/fonts',
  path.join(homedir(), '.local/share/fonts'),
  path.join(homedir(), '.fonts'),
  '/System/Library/Fonts',
  '/Library/Fonts',
  path.join(homedir(), 'Library/Fonts'),
];

let fingerprint: string | undefined;

/** A hash of every font file's path and size in the system's font folders, read once per process. */
export const systemFontsKey = (): string => (fingerprint ??= fontsKeyOf(FONT_DIRS));

/** A hash of every file's path and size in these folders (a missing one counts as empty). */
export function fontsKeyOf(dirs: readonly string[]): string {
  return hashOf(
    dirs.flatMap((dir) => {
      let names: string[];
      try {
        names = readdirSync(dir, { recursive: true }) as string[];
      } catch {
        return [];
      }
      return names.sort().flatMap((name) => {
        const file = path.join(dir, name);
        try {
          const stat = statSync(file);
          return stat.isFile() ? [`${file}\0${stat.size}`] : [];
        } catch {
          return [];
        }
      });
    }),
  );
}
