// Where a route's files go in the output folder: one place, for the build and for the browser code
// that fetches them (the integrated builder fetches a page's payload from the page's path).

/**
 * "/" → "index.html", "/about" → "about.html": Netlify answers /about with about.html and no
 * redirect whatever its Pretty URLs setting, where about/index.html would be redirected to /about/
 * (docs/deploying.md, "URLs").
 */
export function outputPathFor(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`;
}

/**
 * Where the build puts a page's payload for the integrated builder, beside the page itself:
 * "/" → "page-data.json", "/about" → "about.page-data.json". It follows outputPathFor's layout, so
 * the builder fetches it from the page's own path.
 */
export function payloadPathFor(route: string): string {
  return route === '/' ? 'page-data.json' : `${route.slice(1)}.page-data.json`;
}
