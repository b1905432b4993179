/**
 * The part of Storage the islands use: the contact cache and the reload guard. Types only: each
 * island reads sessionStorage itself, since a shared helper would be one more chunk on every page.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
