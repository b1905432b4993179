// How the admin screen writes sizes and times: en-GB, for people, not machines.

const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * "24 Nov 2026, 16:49" (the browser's time zone), as Intl.DateTimeFormat's en-GB short date and
 * time write it; the raw text when it is not a date. Not Intl itself: the first en-GB formatter
 * loads the locale's data, one long task on a slow phone while the admin screen first renders.
 */
export function formatTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return `${time.getDate()} ${MONTHS[time.getMonth()]} ${time.getFullYear()}, ${twoDigits(time.getHours())}:${twoDigits(time.getMinutes())}`;
}

/** "870 bytes", "27.0 KB", "2.4 MB" (1 KB = 1,000 bytes, as the upload limit says "10 MB"). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** "1 page", "3 pages". */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
