/** The interactive widgets: each is one esbuild entry (src/apps/islands/<name>.ts) and one hydrated root. */
export const ISLAND_NAMES = ['header', 'sidebar', 'contact', 'scroll-top'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];
