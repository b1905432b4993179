// npx tsx tests/bench/library-photos.ts [-- --photos 12] [-- --runs 3]
//
// What fetching the media library's photos costs a build (src/generator/images/library-photos.ts): a copy of
// the real site whose about page shows N library photos (1600×1067 JPEGs), built with `npm run
// build --auth-emulator` against the local Storage emulator (in this process, over real HTTP), cold
// (empty .cache/: each photo's metadata and bytes are fetched, and its variants encoded) and warm
// (.cache/ kept, content unchanged: each photo's metadata only, nothing encoded). Prints the
// requests each made and the median wall times; a build's own "Built … in" time is printed too. The
// same photos as files in content/images/ give what the photos cost without the library.
// The local emulator answers in well under a millisecond: against Cloud Storage each request adds
// a round trip (the photos are fetched in parallel).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { startCountedLibrary } from '../support/library-emulator.ts';
import { median, projectRoot } from '../../bench/measure.ts';
import { recordResults } from '../../bench/results.ts';

recordResults('library-photos');

const { values } = parseArgs({
  options: { photos: { type: 'string', default: '12' }, runs: { type: 'string', default: '3' } },
});
const count = Number(values.photos);
const runs = Number(values.runs);
const library = await startCountedLibrary();
const work = mkdtempSync(path.join(tmpdir(), 'library-bench-'));
try {
  const names = Array.from({ length: count }, (_, i) => `bench-photo-${i + 1}.jpg`);
  // The same photos twice: in the library, and as files in a second copy's content/images/, to tell
  // what fetching adds to what encoding costs anyway.
  cpSync(path.join(projectRoot, 'content'), path.join(work, 'content'), { recursive: true });
  cpSync(path.join(projectRoot, 'content'), path.join(work, 'files/content'), { recursive: true });
  mkdirSync(path.join(work, 'files/content/images'), { recursive: true });
  for (const [i, name] of names.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067"><rect width="100%" height="100%" fill="hsl(${i * 29} 50% 45%)"/><circle cx="${300 + i * 80}" cy="500" r="320" fill="#f2b53a"/></svg>`;
    const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    await library.put(name, bytes, `Bench photo ${i + 1}`);
    writeFileSync(path.join(work, 'files/content/images', name), bytes);
  }
  const addPhotos = (contentDir: string, src: (name: string) => string) => {
    const about = path.join(contentDir, 'pages/about.md');
    writeFileSync(
      about,
      `${readFileSync(about, 'utf8').trimEnd()}\n\n${names.map((name, i) => `![Bench photo ${i + 1}](${src(name)})`).join('\n\n')}\n`,
    );
  };
  addPhotos(path.join(work, 'content'), (name) => `storage:media/${name}`);
  addPhotos(path.join(work, 'files/content'), (name) => `/images/${name}`);
  const port = new URL(library.origin).port;

  // Asynchronously: the emulator answers from this process while the build runs.
  const build = async (cache: string, out: string, content = path.join(work, 'content')) => {
    const before = { ...library.counts };
    const started = performance.now();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        'scripts/run.mjs',
        'build',
        '--auth-emulator',
        '--force',
        '--content',
        content,
        '--out',
        out,
        '--cache',
        cache,
      ],
      {
        cwd: projectRoot,
        env: { ...process.env, STORAGE_EMULATOR_PORT: port },
      },
    );
    return {
      seconds: (performance.now() - started) / 1000,
      metadata: library.counts.metadata - before.metadata,
      bytes: library.counts.bytes - before.bytes,
      line: /Built .*? in [\d.]+ s/.exec(stdout)?.[0],
    };
  };

  const cold: number[] = [];
  const warm: number[] = [];
  const files: number[] = [];
  const filesWarm: number[] = [];
  let last: { cold?: Awaited<ReturnType<typeof build>>; warm?: Awaited<ReturnType<typeof build>> } =
    {};
  for (let run = 0; run < runs; run += 1) {
    const cache = path.join(work, `cache-${run}`);
    const coldRun = await build(cache, path.join(work, `dist-${run}`));
    const warmRun = await build(cache, path.join(work, `dist-${run}`));
    last = { cold: coldRun, warm: warmRun };
    cold.push(coldRun.seconds);
    warm.push(warmRun.seconds);
    const fileCache = path.join(work, `files-cache-${run}`);
    files.push(
      (
        await build(
          fileCache,
          path.join(work, `files-dist-${run}`),
          path.join(work, 'files/content'),
        )
      ).seconds,
    );
    filesWarm.push(
      (
        await build(
          fileCache,
          path.join(work, `files-dist-${run}`),
          path.join(work, 'files/content'),
        )
      ).seconds,
    );
  }
  console.log(
    `${count} library photos on one page of the real site, median of ${runs} (npm run build with start-up):`,
  );
  console.log(
    `  cold: ${median(cold).toFixed(2)} s, ${last.cold!.metadata} metadata and ${last.cold!.bytes} byte requests (${last.cold!.line})`,
  );
  console.log(
    `  warm: ${median(warm).toFixed(2)} s, ${last.warm!.metadata} metadata and ${last.warm!.bytes} byte requests (${last.warm!.line})`,
  );
  console.log(
    `  the same photos as files in content/images/: cold ${median(files).toFixed(2)} s, warm ${median(filesWarm).toFixed(2)} s`,
  );
  console.log(
    `  fetching from the library: +${(median(cold) - median(files)).toFixed(2)} s cold, +${(median(warm) - median(filesWarm)).toFixed(2)} s warm`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
  await library.stop();
}
