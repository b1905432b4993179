/** "01632 960 123" → "tel:+441632960123": UK numbers dialled in international form work from any phone. */
export function telHref(display: string): string {
  const digits = display.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return `tel:${digits}`;
  if (digits.startsWith('0')) return `tel:+44${digits.slice(1)}`;
  return `tel:${digits}`;
}
