// What the builder's Propose dialog shows when the proposals function refuses a page for its media
// library photos (FailureNote, src/apps/builder/proposals/FailureNote.tsx): the function's own
// answers, as the browser receives them, in words: each problem where it is in the form (or its
// line), never by its field's path; a library that cannot be reached, what happened and what to do, the draft kept.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiCallFailure } from '../../../../../src/apps/account/api-call.ts';
import { FailureNote } from '../../../../../src/apps/builder/proposals/FailureNote.tsx';
import { failure } from '../../../../../src/functions/http.ts';
import { problemRecords } from '../../../../../src/kernel/errors/report-formats.ts';
import { decodeEntities } from '../../../../support/sites.ts';

/** The note's text, as a person reads it. */
const shown = (refusal: ReturnType<typeof failure>) =>
  decodeEntities(
    renderToStaticMarkup(<FailureNote failure={new ApiCallFailure(refusal.status, refusal.body)} />)
      .replace(/<\/li>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  );

describe('a proposal refused for its library photos', () => {
  it('lists each problem with its title and field', () => {
    const file = 'content/services/oven-cleaning-services.md';
    const refusal = failure('content-problems', 2).with({
      problems: problemRecords([
        {
          code: 'library-photo-missing',
          file,
          line: 13,
          field: 'images.0.src',
          message:
            'There is no photo "media/oven.jpg" in the media library (bucket demo-ardent.appspot.com): it was deleted or renamed, or the reference has a typing mistake.',
        },
        {
          code: 'library-photo-no-alt',
          file,
          line: 40,
          message:
            'The library photo "media/hob.jpg" has no alt text, so it cannot be placed in content yet.',
        },
      ]),
    });
    const text = shown(refusal);
    expect(text).toContain(
      "The page has problems The site's checks found 2 problems in this page, so it was not proposed.",
    );
    // Without the draft at hand, by line; never by the field's path.
    expect(text).toContain('Line 13: There is no photo "media/oven.jpg" in the media library');
    expect(text).toContain('Line 40: The library photo "media/hob.jpg" has no alt text');
    expect(text).not.toContain('images.0.src');
  });

  it("places each problem in the form's words where the draft is at hand", () => {
    const file = 'content/services/oven-cleaning-services.md';
    const refusal = failure('content-problems', 1).with({
      problems: problemRecords([
        {
          code: 'library-photo-missing',
          file,
          line: 13,
          field: 'images.0.src',
          message: 'There is no photo "media/oven.jpg" in the media library.',
        },
      ]),
    });
    const text = decodeEntities(
      renderToStaticMarkup(
        <FailureNote
          failure={new ApiCallFailure(refusal.status, refusal.body)}
          placeOf={(problem) => (problem.field === 'images.0.src' ? 'Photos, Photo 1: ' : '')}
        />,
      ).replace(/<[^>]+>/g, ''),
    );
    expect(text).toContain(
      'Photos, Photo 1: There is no photo "media/oven.jpg" in the media library.',
    );
  });

  it('says in words when the library cannot be reached, and that the draft is kept', () => {
    const text = shown(
      failure(
        'library-unreachable',
        'The media library (https://firebasestorage.googleapis.com, bucket ardent.appspot.com) could not be reached (no answer in time).',
      ),
    );
    expect(text).toBe(
      'The media library could not be reached The page uses photos from the media library, and the library could not be asked whether they are there and have alt text, so the page was not proposed. ' +
        'The media library (https://firebasestorage.googleapis.com, bucket ardent.appspot.com) could not be reached (no answer in time). This is usually brief: try again in a minute. Your draft is kept in the builder.',
    );
  });
});
