/** Marks the link to the page being shown. */
export function ariaCurrent(href: string, currentRoute: string): 'page' | undefined {
  return href === currentRoute ? 'page' : undefined;
}
