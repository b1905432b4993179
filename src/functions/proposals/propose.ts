// POST /api/proposals: a change of one page or more. Each page is refused or taken as the
// two-editors rules say (onto-current.ts), file by file: its text merged onto the change's or the
// live version when it was made from an older one, or 409 with the other change. Then every page
// is checked with the build's own checks (422 with all their problems), and the change is made,
// or the pages are added to the open change that holds them (`change` names it when the builder
// adds another page to it). A change naming a page twice, a file outside content/'s pages or more
// than MAX_CHANGE_PAGES pages is refused in words, as is a page already in another open change.
import type { LibrarySource } from '../../kernel/images/library-metadata.ts';
import {
  MAX_CHANGE_PAGES,
  MAX_PAGE_BYTES,
  MAX_PROPOSAL_BYTES,
  ProposeRequestSchema,
  type Proposal,
  type ProposedFile,
} from '../../kernel/wire/proposals.ts';
import type { SitePage } from '../../kernel/site/pages.ts';
import type { Caller } from '../auth.ts';
import { failure, isApiFailure, json, readJson } from '../http.ts';
import type { ProposalsBackend } from './backend.ts';
import { baseSite, type BaseSite } from './base-site.ts';
import { checkProposedFile, pageKindOf } from './check-proposal.ts';
import type { PageChange } from './describe.ts';
import { textToPropose } from './onto-current.ts';

/** The pages' files, each named once, each a page's file of at most MAX_PAGE_BYTES, at most MAX_CHANGE_PAGES of them; else 400 or 413 in words. */
function checkFiles(files: readonly ProposedFile[]): void {
  if (files.length > MAX_CHANGE_PAGES)
    throw failure('too-many-pages', files.length, MAX_CHANGE_PAGES);
  const seen = new Set<string>();
  for (const { path, text } of files) {
    if (seen.has(path)) throw failure('page-twice', path);
    seen.add(path);
    pageKindOf(path);
    if (new TextEncoder().encode(text).byteLength > MAX_PAGE_BYTES)
      throw failure('too-large', MAX_PAGE_BYTES);
  }
}

/** The open change the pages go into: the one named, else the one that holds any of them; none when neither. A page held by another change is 409. */
async function changeFor(
  backend: ProposalsBackend,
  paths: readonly string[],
  wanted: string | undefined,
): Promise<Proposal | undefined> {
  const open = await backend.openChanges();
  const target =
    wanted === undefined
      ? open.find((change) => change.paths.some((path) => paths.includes(path)))
      : open.find((change) => change.id === wanted);
  if (wanted !== undefined && !target) throw failure('no-such-proposal');
  for (const change of open) {
    if (change === target) continue;
    const held = change.paths.find((path) => paths.includes(path));
    if (held) throw failure('page-in-another-change', held, change.summary);
  }
  if (!target) return undefined;
  // Its head commit and each page's blob there, as they are now: what is added is built on them.
  const now = await backend.status(target.id);
  if (now.state !== 'open' || !now.commit)
    throw failure('proposal-closed', now.state === 'open' ? 'withdrawn' : now.state);
  return now;
}

/** Every page checked against the site at the base commit: their pages, or one refusal with all their problems (422), else the first other refusal. */
async function checkPages(
  site: BaseSite,
  pages: readonly { path: string; after: string }[],
  library: LibrarySource | undefined,
): Promise<SitePage[]> {
  const checked = await Promise.allSettled(
    pages.map((page) =>
      checkProposedFile(site, page.path, page.after, pageKindOf(page.path), library),
    ),
  );
  const refusals = checked.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  const problems = refusals.flatMap((reason) =>
    isApiFailure(reason) && reason.body.error.code === 'content-problems'
      ? (reason.body.problems ?? [])
      : [],
  );
  if (problems.length > 0)
    throw failure(
      'content-problems',
      problems.filter((problem) => problem.severity !== 'notice').length,
    ).with({ problems });
  if (refusals.length > 0) throw refusals[0];
  return checked.map((result) => (result as PromiseFulfilledResult<SitePage>).value);
}

export async function propose(
  req: Request,
  caller: Caller,
  backend: ProposalsBackend,
  library: LibrarySource | undefined,
): Promise<Response> {
  const {
    files,
    summary,
    change: wanted,
  } = await readJson(req, MAX_PROPOSAL_BYTES, ProposeRequestSchema);
  checkFiles(files);
  const [snapshot, target] = await Promise.all([
    backend.snapshot(),
    changeFor(
      backend,
      files.map((file) => file.path),
      wanted,
    ),
  ]);
  const inTarget = new Map(target?.pages.map((page) => [page.path, page]));
  const live = (path: string) => snapshot.files.get(path);
  const texts = await backend.readBlobs(
    [
      ...files.flatMap((file) => [live(file.path), file.blob]),
      ...(target?.pages.flatMap((page) => [live(page.path), page.blob]) ?? []),
    ].filter((sha) => sha !== undefined),
  );
  const textOf = (blob: string | undefined) => {
    if (blob === undefined) return undefined;
    const text = texts.get(blob);
    if (text === undefined) throw new Error(`The blob ${blob} could not be read.`);
    return text;
  };

  // Each page as the two-editors rules take it, against the change's version of it, else the live one.
  let merged = false;
  const proposed = files.map((file) => {
    const held = inTarget.get(file.path)?.blob;
    const open =
      target && held
        ? {
            author: target.author,
            summary: target.summary,
            updated: target.updated,
            commit: target.commit!,
            blob: held,
          }
        : undefined;
    const taken = textToPropose({
      path: file.path,
      text: file.text,
      blob: file.blob,
      live: { commit: snapshot.commit, blob: live(file.path) },
      open,
      texts,
    });
    merged ||= taken.merged;
    return {
      path: file.path,
      before: textOf(live(file.path)),
      after: taken.after,
      current: textOf(held) ?? textOf(live(file.path)),
    };
  });
  if (!target && proposed.every((page) => page.after === page.before)) throw failure('no-change');
  const sitePages = await checkPages(
    await baseSite(snapshot, (names) => backend.readBlobs(names)),
    proposed,
    library,
  );

  // The change as it now stands: its pages, and those of this request that change anything.
  const pages = new Map<string, PageChange>(
    target?.pages.map((page) => [
      page.path,
      {
        path: page.path,
        page: page.page,
        ...(page.route ? { route: page.route } : {}),
        before: textOf(live(page.path)),
        after: textOf(page.blob)!,
        ...(page.blob ? { blob: page.blob } : {}),
      },
    ]),
  );
  proposed.forEach((page, index) => {
    if (page.after !== page.current)
      pages.set(page.path, {
        path: page.path,
        page: sitePages[index]!.breadcrumb,
        route: sitePages[index]!.route,
        before: page.before,
        after: page.after,
      });
  });
  // Nothing to add once checked again (a photo may have gone since): the open change already says it.
  if (target && proposed.every((page) => page.after === page.current))
    return json(200, { proposal: await backend.status(target.id), ...(merged ? { merged } : {}) });
  const { proposal, added } = await backend.propose(
    { summary, author: caller, pages: [...pages.values()] },
    snapshot,
    target,
  );
  return json(added ? 200 : 201, { proposal, ...(merged ? { merged } : {}) });
}
