// quicklink ships no types; only the function the site uses is declared.
declare module 'quicklink' {
  /** Prefetches a URL (as <link rel=prefetch>, or fetch); rejects on Save-Data or 2G connections. */
  export function prefetch(url: string | string[], isPriority?: boolean): Promise<unknown>;
}
