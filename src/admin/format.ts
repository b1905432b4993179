// How the admin screen writes sizes and times: en-GB, for people, not machines.
// Made on first use: building a formatter is not free, and the screen's code should start quickly.
let dateTime: Intl.DateTimeFormat | undefined;

/** "24 Nov 2026, 16:49" (the browser's time zone); the raw text when it is not a date. */
export function formatTime(iso: string): string {
  const time = new Date(iso);
  dateTime ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return Number.isNaN(time.getTime()) ? iso : dateTime.format(time);
}

/** "870 bytes", "27.0 KB", "2.4 MB" (1 KB = 1,000 bytes, as the upload limit says "10 MB"). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** "1 page", "3 pages". */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
