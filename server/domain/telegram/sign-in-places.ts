/**
 * "A sign-in from a new place" (docs/telegram.md § Messages): a place is the network (IPv4 /24,
 * IPv6 /48: a carrier hands one phone addresses from one block, a home keeps its prefix) and the
 * device (the user agent with its version numbers taken out, so a browser update is the same
 * device). A sign-in where BOTH are new to the player gets a security notice; a new phone on the
 * home Wi-Fi, or the same phone on another network, does not — that is what a player expects, and
 * Myanmar's mobile networks change addresses often. The player's very first sign-in gets none.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/types';
import { noticeNewSignIn } from './notices';
import { setLanguage, setTelegramLanguage } from './preferences';
import type { BotLang } from './words';

export interface Place {
  net: string | null;
  device: string | null;
}

/** The network block of an address: a.b.c.0/24, or the first three groups of IPv6 /48. */
export function networkOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip.trim());
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!ip.includes(':')) return null;
  const [head = '', tail] = ip.trim().toLowerCase().split('::');
  const left = head.split(':').filter(Boolean);
  const right = tail === undefined ? [] : tail.split(':').filter(Boolean);
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return `${groups.slice(0, 3).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/48`;
}

/** The device a user agent names, versions taken out, hashed (a user agent is not stored). */
export function deviceOf(userAgent: string | null | undefined): string | null {
  const shape = userAgent?.replace(/[\d._]+/g, '').replace(/\s+/g, ' ').trim();
  if (!shape) return null;
  return createHash('sha256').update(shape).digest('hex').slice(0, 32);
}

export type PlaceVerdict = 'first' | 'known' | 'new';

/** Records the place (last seen now) and says whether the player had used it before. */
export async function recordPlace(db: DbOrTx, userId: number, place: Place, at: Date): Promise<PlaceVerdict> {
  const seen = (
    (await db.execute(sql`select kind, value from sign_in_places where user_id = ${userId}`)) as unknown as { rows: { kind: string; value: string }[] }
  ).rows;
  const entries = ([['net', place.net], ['device', place.device]] as const).filter((e): e is ['net' | 'device', string] => e[1] !== null);
  for (const [kind, value] of entries) {
    await db.execute(sql`
      insert into sign_in_places (user_id, kind, value, first_seen_at, last_seen_at)
      values (${userId}, ${kind}, ${value}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
      on conflict (user_id, kind, value) do update set last_seen_at = excluded.last_seen_at`);
  }
  if (seen.length === 0) return 'first';
  const known = entries.some(([kind, value]) => seen.some((s) => s.kind === kind && s.value === value));
  return known || entries.length === 0 ? 'known' : 'new';
}

export interface SignIn {
  userId: number;
  ip: string | null | undefined;
  userAgent: string | null | undefined;
  at: Date;
  /** The language the app is used in (X-Lang), kept as the player's language for messages. */
  lang?: BotLang;
  /** Telegram's language_code, on a Telegram sign-in. */
  telegramLanguage?: string;
}

/**
 * After a successful sign-in: the place is recorded, a new one queues the security notice, and
 * the player's languages are kept for their messages. One transaction; never fails the sign-in
 * (the caller logs a failure).
 */
export async function afterSignIn(db: Db, s: SignIn): Promise<PlaceVerdict> {
  return db.transaction(async (tx) => {
    const verdict = await recordPlace(tx, s.userId, { net: networkOf(s.ip), device: deviceOf(s.userAgent) }, s.at);
    if (verdict === 'new') await noticeNewSignIn(tx, s.userId, s.at);
    if (s.lang) await setLanguage(tx, s.userId, s.lang);
    if (s.telegramLanguage) await setTelegramLanguage(tx, s.userId, s.telegramLanguage);
    return verdict;
  });
}
