// A draft that uses a photo the media library no longer has (a restored version, whose photo was
// deleted since): the builder's checks find it before anything is proposed, as the build's
// library-photo-missing, with the build's own words (src/generator/images/library-photos.ts, asked
// of a real local bucket here), at the photo's field or Markdown line; a photo the library has is
// no problem.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkDraft } from '../../../../src/apps/builder/check-draft.ts';
import {
  draftFromPayload,
  draftFromVersion,
  exportPath,
  exportText,
  setBody,
  setField,
} from '../../../../src/apps/builder/draft.ts';
import { fetchLibraryPhoto } from '../../../../src/generator/images/library-photos.ts';
import { builderFixture, type BuilderFixture } from '../../../support/builder-site.ts';
import { startCountedLibrary, type CountedLibrary } from '../../../support/library-emulator.ts';

let fixture: BuilderFixture;
let library: CountedLibrary;
let cacheDir: string;
beforeAll(async () => {
  [fixture, library, cacheDir] = await Promise.all([
    builderFixture(),
    startCountedLibrary(),
    mkdtemp(path.join(tmpdir(), 'builder-library-')),
  ]);
}, 60_000);
afterAll(async () => {
  await library?.stop();
  await rm(cacheDir, { recursive: true, force: true });
});

const about = () =>
  draftFromPayload(
    fixture.payloads.find((payload) => payload.route === '/about')!,
    'd',
    0,
  );

it("finds a photo the library does not have, with the build's code and words, at its field and at its Markdown line", async () => {
  const build = await fetchLibraryPhoto('media/gone-kitchen.jpg', {
    origin: library.origin,
    bucket: library.bucket,
    cacheDir,
  });
  expect(build).toMatchObject({ code: 'library-photo-missing' });
  let draft = setBody(
    about(),
    `${about().body}\n![A kitchen](storage:media/gone-kitchen.jpg)\n`,
    1,
  );
  const site = {
    ...fixture.site,
    library: { bucket: library.bucket, missing: new Set(['media/gone-kitchen.jpg']) },
  };
  const line =
    exportText(draft)
      .split('\n')
      .findIndex((text) => text.includes('gone-kitchen')) + 1;
  expect((await checkDraft(draft, site)).problems).toEqual([
    {
      code: 'library-photo-missing',
      file: exportPath(draft),
      line,
      message: (build as { message: string }).message,
    },
  ]);

  // The library has it again: no problem.
  expect(
    (await checkDraft(draft, { ...site, library: { bucket: library.bucket, missing: new Set() } }))
      .problems,
  ).toEqual([]);
  // Until the library has been asked, there is nothing to say: the build says it if it must.
  expect((await checkDraft(draft, fixture.site)).problems).toEqual([]);
  draft = setField(draft, ['heading'], 'About us', 2);
  expect((await checkDraft(draft, site)).problems.map((problem) => problem.code)).toEqual([
    'library-photo-missing',
  ]);
});

it("a restored version is a draft of the live page: its export is that version, at the live file's path, against the live file", () => {
  const live = about();
  const restored = draftFromVersion(
    live,
    { data: { ...live.data, heading: 'About Ardent, as it was' }, body: 'Older words.\n' },
    'restored',
    5,
  );
  expect(restored).toMatchObject({
    id: 'restored',
    kind: live.kind,
    origin: live.origin,
    updated: 5,
  });
  expect(exportPath(restored)).toBe(exportPath(live));
  expect(exportText(restored)).toContain('heading: About Ardent, as it was');
  expect(exportText(restored).endsWith('Older words.\n')).toBe(true);
  expect(restored.blockIds).toHaveLength(live.blockIds.length);
  expect(restored.blockIds).not.toEqual(live.blockIds);
});
