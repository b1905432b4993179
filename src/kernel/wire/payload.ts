// The per-page payload the build writes beside each page (payloadPathFor, src/kernel/render/render-page.tsx)
// and the integrated builder fetches from the page's path: the content file as it holds its front
// matter, blocks and Markdown body, with its path in the repository and its text, for the diff, and
// the git blob of that text, which a proposal sends back (src/kernel/wire/proposals.ts): the
// publish function then knows whether the page has changed since it was opened.
import type { PageKind } from '../content/page-kinds.ts';

export interface PagePayload {
  /** The content file in the repository, for example "content/pages/about.md". */
  path: string;
  kind: PageKind;
  route: string;
  /** The front matter as the file holds it (no defaults filled in). */
  data: Record<string, unknown>;
  /** The Markdown body as the file holds it. */
  body: string;
  /** The whole file, as live. */
  text: string;
  /** The git blob SHA-1 of `text`, as `git hash-object` gives it. */
  blob: string;
}
