/** Business time is Asia/Yangon (UTC+06:30, no DST): never the server's own zone. */
export const YANGON_OFFSET_MS = (6 * 60 + 30) * 60 * 1000;

/** "YYYY-MM-DD HH:mm:ss" in Yangon time, the legacy display format of log rows. */
export function yangonDateTime(d: Date): string {
  return new Date(d.getTime() + YANGON_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The Yangon calendar date "YYYY-MM-DD" of an instant. */
export function yangonDate(d: Date): string {
  return new Date(d.getTime() + YANGON_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Yangon calendar date begins. */
export function yangonDayStart(date: string): Date {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() - YANGON_OFFSET_MS);
}
