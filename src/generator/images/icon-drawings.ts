// The services' icons, read from public/ and turned into drawings the cards show inline
// (src/kernel/images/icon-drawing.ts says why and what an icon may hold).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContentEntry } from '../../kernel/content/entry.ts';
import type { ContentProblem } from '../../kernel/errors/problems.ts';
import { iconDrawingOf, type IconDrawing } from '../../kernel/images/icon-drawing.ts';
import type { Service } from '../../kernel/schema/index.ts';

export interface IconDrawings {
  /** By the icon's "/images/…" path. */
  drawings: Record<string, IconDrawing>;
  /** Icons that are missing, or hold something an inline drawing may not. */
  problems: ContentProblem[];
}

export async function readIconDrawings(services: readonly ContentEntry<Service>[], publicDir: string): Promise<IconDrawings> {
  const drawings: Record<string, IconDrawing> = {};
  const problems: ContentProblem[] = [];
  const read = new Map<string, Promise<string | undefined>>();
  for (const service of services) {
    const icon = service.data.icon;
    if (!icon) continue;
    const where = { file: service.file, line: service.lineOf(['icon']), field: 'icon' };
    const file = path.join(publicDir, icon);
    if (!file.startsWith(publicDir + path.sep) || !icon.endsWith('.svg')) {
      problems.push({ code: 'unsupported-icon', ...where, message: `${icon} is not an SVG file in public/; a service's icon is drawn from one.` });
      continue;
    }
    if (!read.has(icon)) read.set(icon, readFile(file, 'utf8').catch(() => undefined));
    const text = await read.get(icon)!;
    if (text === undefined) {
      problems.push({ code: 'missing-image', ...where, message: `There is no file public${icon}; the service's card draws its icon from it.` });
      continue;
    }
    const result = iconDrawingOf(text);
    if ('unsupported' in result) problems.push({ code: 'unsupported-icon', ...where, message: `public${icon} holds ${result.unsupported}, which an icon drawn in the page may not.` });
    else drawings[icon] = result.drawing;
  }
  return { drawings, problems };
}
