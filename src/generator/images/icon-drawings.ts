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

export async function readIconDrawings(
  services: readonly ContentEntry<Service>[],
  publicDir: string,
): Promise<IconDrawings> {
  const fileOf = (icon: string) => {
    const file = path.join(publicDir, icon);
    return file.startsWith(publicDir + path.sep) && icon.endsWith('.svg') ? file : undefined;
  };
  // Each icon read once, all at once: several services may share one.
  const icons = [
    ...new Set(services.flatMap(({ data }) => (data.icon && fileOf(data.icon) ? [data.icon] : []))),
  ];
  const texts = new Map(
    await Promise.all(
      icons.map(
        async (icon) =>
          [icon, await readFile(fileOf(icon)!, 'utf8').catch(() => undefined)] as const,
      ),
    ),
  );
  const drawings: Record<string, IconDrawing> = {};
  const problems: ContentProblem[] = [];
  for (const service of services) {
    const icon = service.data.icon;
    if (!icon) continue;
    const where = { file: service.file, line: service.lineOf(['icon']), field: 'icon' };
    if (!fileOf(icon)) {
      problems.push({
        code: 'unsupported-icon',
        ...where,
        message: `${icon} is not an SVG file in public/; a service's icon is drawn from one.`,
      });
      continue;
    }
    const text = texts.get(icon);
    if (text === undefined) {
      problems.push({
        code: 'missing-image',
        ...where,
        message: `There is no file public${icon}; the service's card draws its icon from it.`,
      });
      continue;
    }
    const result = iconDrawingOf(text);
    if ('unsupported' in result)
      problems.push({
        code: 'unsupported-icon',
        ...where,
        message: `public${icon} holds ${result.unsupported}, which an icon drawn in the page may not.`,
      });
    else drawings[icon] = result.drawing;
  }
  return { drawings, problems };
}
