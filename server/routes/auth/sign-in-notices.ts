/**
 * What a sign-in and a password change tell Telegram (docs/telegram.md § Messages): the place is
 * recorded and a new one (device and network both never seen) queues a security notice; the
 * app's language (X-Lang) and Telegram's language_code are kept for the player's messages (a web
 * sign-up records its first place, never told); a changed password, or a first one set, queues its
 * notice; linking Telegram keeps its language_code. Never fails the request it follows: a failure is logged.
 */
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { clientIp } from '../../lib/client-ip';
import { errFields, log } from '../../lib/log';
import { afterSignIn } from '../../domain/telegram/sign-in-places';
import { passwordChanged, passwordSet } from '../../domain/telegram/security';
import { setTelegramLanguage } from '../../domain/telegram/preferences';
import { siteLang } from '../content/lang';

export async function noteSignIn(c: Context<AppEnv>, deps: Deps, userId: number, now: Date, telegramLanguage?: string): Promise<void> {
  try {
    await afterSignIn(deps.database.db, {
      userId,
      ip: clientIp(c, deps.env.TRUST_PROXY),
      userAgent: c.req.header('user-agent'),
      at: now,
      lang: siteLang(c.req.header('x-lang')),
      telegramLanguage,
    });
  } catch (err) {
    log.warn({ err: errFields(err), user_id: userId }, 'telegram: recording a sign-in failed');
  }
}

export async function notePasswordChanged(deps: Deps, userId: number, now: Date, first = false): Promise<void> {
  try {
    await (first ? passwordSet : passwordChanged)(deps.database.db, userId, now);
  } catch (err) {
    log.warn({ err: errFields(err), user_id: userId }, 'telegram: queuing the password notice failed');
  }
}

/** A Telegram account linked from the profile: its language_code serves until the player chooses one. */
export async function noteTelegramLinked(deps: Deps, userId: number, telegramLanguage: string | undefined): Promise<void> {
  try {
    await setTelegramLanguage(deps.database.db, userId, telegramLanguage);
  } catch (err) {
    log.warn({ err: errFields(err), user_id: userId }, 'telegram: keeping the linked language failed');
  }
}
