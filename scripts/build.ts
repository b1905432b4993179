/** npm run build [-- --content <dir>] [-- --out <dir>]: builds the site into dist/. */
import path from 'node:path';
import { consoleLogger, exitWithError, formatBytes, parseOptions } from './cli.ts';

// A production build uses React's production server renderer: the same HTML in about half the
// time, without development-only checks. Set before React is first imported, hence the dynamic imports.
process.env.NODE_ENV ??= 'production';
const { buildSite } = await import('../src/build.ts');
const { buildIntoTemporaryFolder } = await import('../src/emit/swap-output.ts');
const { DiskWriter } = await import('../src/emit/writer.ts');
const { scriptReport } = await import('../src/emit/script-report.ts');
const { mkdir, writeFile } = await import('node:fs/promises');

const values = parseOptions({ content: { type: 'string' }, out: { type: 'string' } }, 'Usage: npm run build -- [--content <dir>] [--out <dir>]');
const projectRoot = process.cwd();
const outDir = path.resolve(values.out ?? 'dist');
const contentDir = values.content ? path.resolve(values.content) : undefined;

try {
  const report = await buildIntoTemporaryFolder(outDir, (tempDir) =>
    buildSite({ projectRoot, contentDir, writer: new DiskWriter(tempDir), logger: consoleLogger, siteUrl: process.env.URL }),
  );
  // The build's own time, and the whole command's including Node and module start-up.
  console.log(
    `Built ${report.pages} pages (${report.files} files, ${formatBytes(report.bytes)}) in ${(report.milliseconds / 1000).toFixed(2)} s ` +
      `(${process.uptime().toFixed(2)} s with start-up) into ${path.relative(projectRoot, outDir) || '.'}/ [build ${report.buildId}]`,
  );
  console.log(scriptReport(report.scripts).join('\n'));
  // Every page's figures, for the budgets check and anyone curious; kept out of the published site.
  await mkdir('.cache', { recursive: true });
  await writeFile('.cache/build-report.json', `${JSON.stringify({ buildId: report.buildId, scripts: report.scripts }, null, 2)}\n`);
} catch (error) {
  exitWithError(error, `Nothing was written: ${path.relative(projectRoot, outDir)}/ is unchanged.`);
}
