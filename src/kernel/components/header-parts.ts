// The header's plain parts (Header.tsx): its layouts, timings and types, and two small helpers.
// Kept in a module without React on purpose: a second component module would cost the header
// island, which every page loads, its own copy of the React import wrapper.
import type { ReactNode } from 'react';

export type DropdownName = 'services' | 'areas';
/** How a dropdown was opened: a hover opening closes when the pointer leaves, a click opening stays. */
export type OpenDropdown = { name: DropdownName; by: 'hover' | 'click' } | null;

/** The desktop layout, where the dropdowns hang below the bar and open on hover. */
export const HOVER_LAYOUT = '(min-width: 64em) and (hover: hover)';
/** The desktop layout, where the dropdown panels hang over the page instead of pushing it down. */
export const DESKTOP_LAYOUT = '(min-width: 64em)';
/** Crossing the gap between a summary and its panel must not close it. */
export const HOVER_CLOSE_DELAY_MS = 150;
export const MENU_ID = 'site-menu';

export function hoverLayoutNow(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(HOVER_LAYOUT).matches;
}

export interface DropdownProps {
  name: DropdownName;
  label: string;
  open: boolean;
  /** Close when focus moves out (Tab away): the desktop layout. */
  closeOnBlur: boolean;
  // Arrow-typed: the header passes plain functions, which the dropdown destructures.
  onToggle: () => void;
  onHover: (entering: boolean) => void;
  onClose: () => void;
  onNativeToggle: (open: boolean) => void;
  onHoverAtStart: () => void;
  children: ReactNode;
}

/** The logo's address again, with a query that gets past a cached failure. */
export function cacheBusted(src: string): string {
  return `${src}${src.includes('?') ? '&' : '?'}retry=${Date.now()}`;
}
