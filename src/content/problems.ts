/**
 * Content problems: what an editor sees when the content is wrong.
 * Every problem names its file, line and field, says what is wrong and what to do.
 * The catalogue gives each kind of problem a title and a hint, as Astro's error reference does.
 */

export const PROBLEM_CATALOGUE = {
  'yaml-syntax': {
    title: 'The front matter is not valid YAML',
    hint: 'Check indentation (spaces, not tabs), that lists start with "- ", and put quotes around text containing ": " or starting with a symbol.',
  },
  'missing-front-matter': {
    title: 'The file has no front matter',
    hint: 'Start the file with a line "---", the fields, then another "---".',
  },
  'missing-field': {
    title: 'A required field is missing',
    hint: 'Add the field to the front matter.',
  },
  'invalid-field': {
    title: 'A field has the wrong value',
    hint: 'Correct the value as the message says.',
  },
  'wrong-type': {
    title: 'A field has the wrong type',
    hint: 'Check the quoting and indentation: text, numbers, true/false and lists are written differently in YAML.',
  },
  'unknown-field': {
    title: 'A field is not part of this kind of content',
    hint: 'Check its spelling against the other files of this folder, or remove it.',
  },
  'unknown-reference': {
    title: 'A reference names something that does not exist',
    hint: 'Use the slug of an existing file (its file name without ".md").',
  },
  'duplicate-slug': {
    title: 'Two entries share a slug',
    hint: 'Give each entry its own slug; the slug sets the page address.',
  },
  'duplicate-route': {
    title: 'Two pages share an address',
    hint: 'Change one of the routes so that each page has its own address.',
  },
  'broken-link': {
    title: 'A link points to a page that does not exist',
    hint: 'Link to an existing route, written from the site root like "/about".',
  },
  'missing-anchor': {
    title: 'A link points to a heading that does not exist',
    hint: 'Link to a heading on that page: its text in lower case, words joined by hyphens, like "#what-is-included".',
  },
  'body-not-placed': {
    title: 'The Markdown body is not shown anywhere',
    hint: 'Add "- type: body" to the blocks where the text should appear, or delete the body.',
  },
  'wrong-heading-level': {
    title: 'The Markdown uses a top-level heading',
    hint: 'Start sections with "##"; the page heading (h1) comes from the "heading" field.',
  },
  'missing-file': {
    title: 'A required content file is missing',
    hint: 'Create the file; see README "Content" for what each folder holds.',
  },
  // The content lint (src/lint/): editorial rules checked on the rendered pages.
  'title-too-long': {
    title: 'The page title is too long',
    hint: 'Search results cut titles at about 60 characters: put the service and the place first and shorten the rest.',
  },
  'description-too-short': {
    title: 'The meta description is too short',
    hint: 'Write one or two sentences (50 to 160 characters) that say what the page offers and where.',
  },
  'description-too-long': {
    title: 'The meta description is too long',
    hint: 'Search results cut descriptions at about 160 characters: keep the one sentence that matters most.',
  },
  'duplicate-title': {
    title: 'Two pages share a title',
    hint: 'Give each page its own title, naming what is different about it (the service, the area).',
  },
  'duplicate-description': {
    title: 'Two pages share a meta description',
    hint: 'Give each page its own description, naming what is different about it (the service, the area).',
  },
  'missing-h1': {
    title: 'The page has no main heading (h1)',
    hint: 'Give the page a "heading", or start its blocks with a hero: either one becomes the h1.',
  },
  'multiple-h1': {
    title: 'The page has more than one main heading (h1)',
    hint: 'Keep one h1: only a hero that opens the page carries it, and Markdown headings start at "##".',
  },
  'skipped-heading-level': {
    title: 'A heading skips a level',
    hint: 'Go down one level at a time: "##" sections, "###" inside them; headings are an outline, not a font size.',
  },
  'too-few-words': {
    title: 'The page has too little copy',
    hint: 'Add real, local detail to the Markdown body: what is included, how a visit works, the area and its homes.',
  },
  'placeholder-text': {
    title: 'Placeholder text is left in',
    hint: 'Replace it with the real words before publishing; leave the sentence out if the detail is not known yet.',
  },
  'us-spelling': {
    title: 'A word uses US spelling or usage',
    hint: 'The site is written in British English: use the word suggested.',
  },
  'too-few-area-links': {
    title: 'An area page links to too few other areas',
    hint: 'Link to nearby area pages in the text, like [Bromley](/cleaning-services-bromley), or add "- type: areas-list" to the blocks to list the "neighbours".',
  },
  'too-few-service-links': {
    title: 'An area page links to no service page',
    hint: 'Link to a service in the text, like [regular cleaning](/domestic-cleaning-services), or add a "services-grid" block.',
  },
  'missing-alt-text': {
    title: 'An image has no alt attribute',
    hint: 'Describe the image for people who cannot see it; a purely decorative image takes an empty alt ("").',
  },
  'empty-alt-text': {
    title: 'An image in the text has no description',
    hint: 'Write what the image shows between the square brackets: ![What the image shows](/images/file.jpg).',
  },
  // The images stage (src/images/): checked while the content loads, before anything renders.
  'missing-alt': {
    title: 'An image has no alternative text',
    hint: 'Say in a few words what the image shows, for people who cannot see it: ![A clean oven, inside](/images/oven.jpg) in Markdown, "alt:" in front matter.',
  },
  'missing-image': {
    title: 'An image file does not exist',
    hint: 'Put photos (JPEG, PNG, WebP, AVIF) in content/images/ and write their path as "/images/<file name>"; logos and icons (SVG) go in public/images/.',
  },
} as const;

export type ProblemCode = keyof typeof PROBLEM_CATALOGUE;

export interface ContentProblem {
  code: ProblemCode;
  /** Path relative to the project root, for example "content/services/oven-cleaning-services.md". */
  file: string;
  /** 1-based line in the file, when known. */
  line?: number;
  /** The field path in the front matter, for example "areaServed.2". */
  field?: string;
  message: string;
}

/** Thrown by the content stages; carries every problem of the build, never just the first. */
export class ContentError extends Error {
  readonly problems: readonly ContentProblem[];
  constructor(problems: readonly ContentProblem[]) {
    super(`${problems.length} content problem${problems.length === 1 ? '' : 's'}`);
    this.name = 'ContentError';
    this.problems = problems;
  }
}

/** Throws a ContentError when there is any problem. */
export function throwIfProblems(problems: readonly ContentProblem[]): void {
  if (problems.length > 0) throw new ContentError(problems);
}

/**
 * The report an editor reads: problems grouped by file, in file and line order,
 * one "field: message" line each, followed by the hint for that kind of problem.
 */
export function formatProblems(problems: readonly ContentProblem[]): string {
  const byFile = new Map<string, ContentProblem[]>();
  for (const problem of [...problems].sort(compareProblems)) {
    const list = byFile.get(problem.file) ?? [];
    list.push(problem);
    byFile.set(problem.file, list);
  }
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  const files = `${byFile.size} file${byFile.size === 1 ? '' : 's'}`;
  const lines = [`Content check failed: ${count} in ${files}.`];
  for (const [file, list] of byFile) {
    lines.push('');
    for (const problem of list) {
      const where = problem.line ? `${file}:${problem.line}` : file;
      const entry = PROBLEM_CATALOGUE[problem.code];
      lines.push(`${where}  ${entry.title} [${problem.code}]`);
      lines.push(`  ${problem.field ? `${problem.field}: ` : ''}${problem.message}`);
      lines.push(`  hint: ${entry.hint}`);
    }
  }
  return lines.join('\n');
}

function compareProblems(a: ContentProblem, b: ContentProblem): number {
  return a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || a.message.localeCompare(b.message);
}
