/**
 * The catalogue of every problem the build reports to the people who can fix it: editors
 * (content, images, the content lint) and developers (size budgets). Each code has a title, a
 * hint and the stage that finds it. Codes never change once published: see README.md here.
 */

/** Which stage finds a problem: the `source` of the JSON and GitHub reports. `page`: the page gates of `npm run check:change`. */
export const PROBLEM_SOURCES = ['content', 'image', 'lint', 'budget', 'page'] as const;
export type ProblemSource = (typeof PROBLEM_SOURCES)[number];

export interface CatalogueEntry {
  source: ProblemSource;
  /** When not the source's own: a notice fails nothing (problems.ts, severityOf). */
  severity?: 'notice';
  /** What is wrong, in a few words; no detail of this instance. */
  title: string;
  /** What to do about it. */
  hint: string;
}

export const CATALOGUE = {
  'yaml-syntax': {
    source: 'content',
    title: 'The front matter is not valid YAML',
    hint: 'Check indentation (spaces, not tabs), that lists start with "- ", and put quotes around text containing ": " or starting with a symbol.',
  },
  'missing-front-matter': {
    source: 'content',
    title: 'The file has no front matter',
    hint: 'Start the file with a line "---", the fields, then another "---".',
  },
  'missing-field': {
    source: 'content',
    title: 'A required field is missing',
    hint: 'Add the field to the front matter.',
  },
  'invalid-field': {
    source: 'content',
    title: 'A field has the wrong value',
    hint: 'Correct the value as the message says.',
  },
  'wrong-type': {
    source: 'content',
    title: 'A field has the wrong type',
    hint: 'Check the quoting and indentation: text, numbers, true/false and lists are written differently in YAML.',
  },
  'unknown-field': {
    source: 'content',
    title: 'A field is not part of this kind of content',
    hint: 'Check its spelling against the other files of this folder, or remove it.',
  },
  'unknown-reference': {
    source: 'content',
    title: 'A reference names something that does not exist',
    hint: 'Use the slug of an existing file (its file name without ".md").',
  },
  'duplicate-slug': {
    source: 'content',
    title: 'Two entries share a slug',
    hint: 'Give each entry its own slug; the slug sets the page address.',
  },
  'duplicate-route': {
    source: 'content',
    title: 'Two pages share an address',
    hint: 'Change one of the routes so that each page has its own address.',
  },
  'broken-link': {
    source: 'content',
    title: 'A link points to a page that does not exist',
    hint: 'Link to an existing route, written from the site root like "/about".',
  },
  'missing-anchor': {
    source: 'content',
    title: 'A link points to a heading that does not exist',
    hint: 'Link to a heading on that page: its text in lower case, words joined by hyphens, like "#what-is-included".',
  },
  'body-not-placed': {
    source: 'content',
    title: 'The Markdown body is not shown anywhere',
    hint: 'Add "- type: body" to the blocks where the text should appear, or delete the body.',
  },
  'wrong-heading-level': {
    source: 'content',
    title: 'The Markdown uses a top-level heading',
    hint: 'Start sections with "##"; the page heading (h1) comes from the "heading" field.',
  },
  'raw-html': {
    source: 'content',
    title: 'The Markdown contains HTML, which the page leaves out',
    hint: 'Write it in Markdown instead ("##" for a heading, "**" for bold, [text](/page) for a link, ![What it shows](/images/photo.jpg) for a photo), or use a block for what Markdown cannot do (the block types are in docs/content.md, "The content model"). An HTML comment (<!-- like this -->) is allowed: a note for editors, never shown on the page, though the content file is published as written.',
  },
  'missing-file': {
    source: 'content',
    title: 'A required content file is missing',
    hint: 'Create the file; see docs/content.md, "The content model", for what each folder holds.',
  },
  // The content lint (src/kernel/lint/): editorial rules checked on the rendered pages.
  'title-too-long': {
    source: 'lint',
    title: 'The page title is too long',
    hint: 'Search results cut titles at about 60 characters: put the service and the place first and shorten the rest.',
  },
  'description-too-short': {
    source: 'lint',
    title: 'The meta description is too short',
    hint: 'Write one or two sentences (50 to 160 characters) that say what the page offers and where.',
  },
  'description-too-long': {
    source: 'lint',
    title: 'The meta description is too long',
    hint: 'Search results cut descriptions at about 160 characters: keep the one sentence that matters most.',
  },
  'duplicate-title': {
    source: 'lint',
    title: 'Two pages share a title',
    hint: 'Give each page its own title, naming what is different about it (the service, the area).',
  },
  'duplicate-description': {
    source: 'lint',
    title: 'Two pages share a meta description',
    hint: 'Give each page its own description, naming what is different about it (the service, the area).',
  },
  'missing-h1': {
    source: 'lint',
    title: 'The page has no main heading (h1)',
    hint: 'Give the page a "heading", or start its blocks with a hero: either one becomes the h1.',
  },
  'multiple-h1': {
    source: 'lint',
    title: 'The page has more than one main heading (h1)',
    hint: 'Keep one h1: only a hero that opens the page carries it, and Markdown headings start at "##".',
  },
  'skipped-heading-level': {
    source: 'lint',
    title: 'A heading skips a level',
    hint: 'Go down one level at a time: "##" sections, "###" inside them; headings are an outline, not a font size.',
  },
  'too-few-words': {
    source: 'lint',
    title: 'The page has too little copy',
    hint: 'Add real, local detail to the Markdown body: what is included, how a visit works, the area and its homes.',
  },
  'placeholder-text': {
    source: 'lint',
    title: 'Placeholder text is left in',
    hint: 'Replace it with the real words before publishing; leave the sentence out if the detail is not known yet.',
  },
  'us-spelling': {
    source: 'lint',
    title: 'A word uses US spelling or usage',
    hint: 'The site is written in British English: use the word suggested.',
  },
  'too-few-area-links': {
    source: 'lint',
    title: 'An area page links to too few other areas',
    hint: 'Link to nearby area pages in the text, like [Bromley](/cleaning-services-bromley), or add "- type: areas-list" to the blocks to list the "neighbours".',
  },
  'too-few-service-links': {
    source: 'lint',
    title: 'An area page links to no service page',
    hint: 'Link to a service in the text, like [regular cleaning](/domestic-cleaning-services), or add a "services-grid" block.',
  },
  // The images stage (src/images/): checked while the content loads, before anything renders.
  'missing-alt': {
    source: 'image',
    title: 'An image has no alternative text',
    hint: 'Say in a few words what the image shows, for people who cannot see it: ![A clean oven, inside](/images/oven.jpg) in Markdown, "alt:" in front matter. A purely decorative image in a template takes an empty alt ("").',
  },
  'missing-image': {
    source: 'image',
    title: 'An image file does not exist',
    hint: 'Put photos (JPEG, PNG, WebP, AVIF) in content/images/ and write their path as "/images/<file name>"; logos and icons (SVG) go in public/images/.',
  },
  'unsupported-image': {
    source: 'image',
    title: 'An image is not a photo from content/images/ or the media library',
    hint: 'Put the photo (JPEG, PNG, WebP or AVIF) in content/images/ and write "/images/<file name>", or upload it to the media library on /admin and write "storage:media/<name>" ("Copy for Markdown" gives it). Images from other sites, data: and javascript: addresses are not allowed: the build makes every photo\'s sizes itself, and visitors load nothing from elsewhere.',
  },
  'unsupported-icon': {
    source: 'image',
    title: 'A service icon cannot be drawn in the page',
    hint: "A service's icon is an SVG file in public/images/icons/, drawn inside the page: it may hold only shapes (g, path, rect, circle, ellipse, line, polyline, polygon) with their geometry, fill, stroke, opacity and transform. Export it from the drawing program as plain SVG with text turned into outlines, without styles, gradients, images, links or scripts.",
  },
  'not-canonical': {
    source: 'content',
    severity: 'notice',
    title: 'The file is not in the canonical format',
    hint: 'Run `npm run format:content` to rewrite it in the format the block builder exports (field order, quoting, list style), so that an edit made in the builder shows as a small diff.',
  },
  // Photos from the media library (src/kernel/images/library-metadata.ts): read while the content loads,
  // and when a page is proposed from the builder.
  'library-photo-missing': {
    source: 'image',
    title: 'A photo from the media library does not exist',
    hint: 'Check the name in the media library on /admin ("Copy for Markdown" in a photo\'s details gives the reference), or upload the photo there, then build again (or propose the page again).',
  },
  'library-photo-no-alt': {
    source: 'image',
    title: 'A photo from the media library has no alt text',
    hint: "Open the photo's details in the media library on /admin, add its alt text (what it shows, in a few words) and save, then build again (or propose the page again).",
  },
  'library-unreachable': {
    source: 'image',
    title: 'The media library could not be reached, and no copy of the photo is kept',
    hint: 'Check the network connection (and FIREBASE_STORAGE_BUCKET), then build again. Once a build has fetched a photo, later builds use the copy in .cache/ when the library cannot be reached.',
  },
  'library-not-set-up': {
    source: 'image',
    title: 'Content uses the media library, but this build has no storage bucket',
    hint: 'Set FIREBASE_STORAGE_BUCKET in the build environment (docs/deploying.md, "Configuration for Netlify"); locally, `npm start` builds with the local Storage emulator.',
  },
  // Size budgets (src/kernel/wire/budgets.ts): checked on the rendered pages before anything is written.
  'script-budget': {
    source: 'budget',
    title: 'A page loads more JavaScript than its budget allows',
    hint: "Move code out of the boot script or an island that every page loads, or drop a dependency; `npm run build` lists each page's scripts.",
  },
  // The page gates of `npm run check:change` (src/generator/gates/page-gates.ts), on each built page a
  // change altered: named on the page's own content file, the message starting with the page's address.
  'page-html-invalid': {
    source: 'page',
    title: 'The page is not valid HTML',
    hint: 'HTML written into the Markdown is the usual cause (an element left open, an id used twice, a block inside a paragraph): write it as plain Markdown instead. If the page has none, its template needs a developer.',
  },
  'page-broken-link': {
    source: 'page',
    title: 'A link or resource on the page does not work',
    hint: 'Link to a page of the site by its address ("/about"), and to a part of a page by an anchor that exists there ("/faqs#pricing"); correct the spelling, or remove the link.',
  },
  'page-structured-data': {
    source: 'page',
    title: "The page's structured data for search engines is not valid",
    hint: "It is made from the business profile and the page's fields: check the values the message names (opening hours, address, telephone, prices). If they are right, the template needs a developer.",
  },
  'page-accessibility': {
    source: 'page',
    title: 'The page fails an accessibility check',
    hint: 'Give every image its alt text, keep headings in order (## before ###), and write link text that says where the link leads. If the content does all that, the template needs a developer.',
  },
  'page-script-error': {
    source: 'page',
    title: 'The page reports an error in the browser',
    hint: "An error in the browser console, or something the Content Security Policy blocked: HTML, scripts and media embedded from other sites are not allowed in content. If the content has none, the page's code needs a developer.",
  },
  'page-lighthouse': {
    source: 'page',
    title: 'The page misses a Lighthouse threshold',
    hint: "Lighthouse loads the page as a phone on a slow network would: large or many photos and very long pages slow it down. Fix what the message names (a photo's size, a missing description), or ask a developer.",
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ProblemCode = keyof typeof CATALOGUE;
