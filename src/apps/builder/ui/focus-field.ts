import { fieldId } from './field-parts.tsx';

/** Focuses a field's control, or the nearest one that holds it ("areaServed.3" → the Area served group), opening the "Advanced" group it may be in; the problems list when there is none. */
export function focusField(field: string): void {
  const parts = field.split('.');
  for (let length = parts.length; length > 0; length--) {
    const element = document.getElementById(fieldId(parts.slice(0, length)));
    if (element) {
      const folded = element.closest('details');
      if (folded) folded.open = true;
      const target = element.matches('input, select, textarea, button')
        ? element
        : (element.querySelector<HTMLElement>('input, select, textarea, button') ?? element);
      target.focus();
      target.scrollIntoView({ block: 'center' });
      return;
    }
  }
  document.getElementById('problems')?.focus();
}
