/** The numbers the content lint enforces. The defaults are the site's rules; tests may lower some. */
export interface LintOptions {
  /** Longest page title, in characters. */
  maxTitleLength: number;
  /** Shortest and longest meta description, in characters. */
  minDescriptionLength: number;
  maxDescriptionLength: number;
  /** Fewest words of copy in <main> on a service or area page. */
  minWords: number;
  /** Fewest other area pages an area page links to, and fewest service pages. */
  minAreaLinks: number;
  minServiceLinks: number;
}

export const DEFAULT_LINT_OPTIONS: Readonly<LintOptions> = Object.freeze({
  maxTitleLength: 60,
  minDescriptionLength: 50,
  maxDescriptionLength: 160,
  minWords: 300,
  minAreaLinks: 3,
  minServiceLinks: 1,
});
