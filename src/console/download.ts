/**
 * Saves a Blob the console fetched with the operator's bearer header (a report's CSV) as a file:
 * an object URL on a temporary link with `download`, revoked once the browser has taken it.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Today's date in Yangon (UTC+06:30, no daylight saving), 'YYYY-MM-DD'. */
export function yangonToday(now: Date = new Date()): string {
  return new Date(now.getTime() + (6 * 60 + 30) * 60_000).toISOString().slice(0, 10);
}
