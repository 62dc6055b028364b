/**
 * Telegram Mini App init data (docs/telegram.md): validated with `@telegram-apps/init-data-node`
 * (HMAC-SHA256 keyed by HMAC-SHA256("WebAppData", bot token) over the sorted key=value lines but
 * `hash`, compared in constant time). Its own clock check is off: `auth_date` is checked here
 * against the server's injectable clock, so tests can travel in time.
 */
import { validate } from '@telegram-apps/init-data-node';

export interface TelegramUser {
  id: number;
  firstName: string;
  lastName?: string;
  username?: string;
  languageCode?: string;
}

export type InitDataResult =
  | { ok: true; user: TelegramUser; startParam?: string; authDate: Date }
  | { ok: false; reason: 'invalid' | 'stale' };

/** Longer init data is not Telegram's (a few hundred bytes in practice). */
const MAX_LENGTH = 8192;

export function verifyInitData(raw: unknown, botToken: string, now: Date, maxAgeSeconds: number): InitDataResult {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return { ok: false, reason: 'invalid' };
  try {
    validate(raw, botToken, { expiresIn: 0 });
    // Read after the signature holds. Not the library's parse: it insists on the newer optional
    // `signature` field, which older Telegram clients do not send.
    const data = new URLSearchParams(raw);
    const user = JSON.parse(data.get('user') ?? 'null') as Record<string, unknown> | null;
    if (!user || typeof user.id !== 'number' || !Number.isSafeInteger(user.id) || user.id <= 0) return { ok: false, reason: 'invalid' };
    const seconds = Number(data.get('auth_date'));
    if (!Number.isSafeInteger(seconds) || seconds <= 0) return { ok: false, reason: 'invalid' };
    const authDate = new Date(seconds * 1000);
    const age = (now.getTime() - authDate.getTime()) / 1000;
    // A little skew into the future is Telegram's clock against ours; more is not genuine.
    if (!(age <= maxAgeSeconds && age >= -300)) return { ok: false, reason: 'stale' };
    const text = (v: unknown) => (typeof v === 'string' && v.length <= 256 ? v : undefined);
    return {
      ok: true,
      user: { id: user.id, firstName: text(user.first_name) ?? '', lastName: text(user.last_name), username: text(user.username), languageCode: text(user.language_code) },
      startParam: data.get('start_param') ?? undefined,
      authDate,
    };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}
