/**
 * The player's Telegram message switches (docs/telegram.md § Messages): GET /api/notifications and
 * PUT /api/notifications { deposit?, withdraw?, two_d?, adjustment?, announcements?,
 * two_d_results?, stopped? } (each true or false; absent ones keep their value). Security notices
 * have no switch: `security` is always true. A PUT also keeps the app's language (X-Lang) as the
 * language of the player's messages. An addition to the contract; nothing existing changed.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import { bodyLimit } from '../../lib/body-limit';
import { fail, ok } from '../../lib/http';
import { bodyFields } from '../../lib/request-input';
import { refuse, requestLang } from '../../i18n/refusals';
import { requireUser } from '../auth';
import { PREFERENCE_KINDS, notificationSettings, saveNotificationSettings, type NotificationSettings } from '../../domain/telegram/preferences';

const flag = (field: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: refuse('field.selected_invalid', { field }) }).optional(),
  );

const body = { ...Object.fromEntries(PREFERENCE_KINDS.map((kind) => [kind, flag(kind)])), stopped: flag('stopped') } as Record<(typeof PREFERENCE_KINDS)[number] | 'stopped', ReturnType<typeof flag>>;

/** The wire shape: snake_case kinds, security always on. */
export function settingsJson(s: NotificationSettings) {
  const { preferences: p } = s;
  return {
    telegram_linked: s.telegramLinked,
    blocked: s.blocked,
    stopped: p.stopped,
    security: true,
    kinds: Object.fromEntries(PREFERENCE_KINDS.map((kind) => [kind, p[kind]])),
  };
}

async function update(c: Context<AppEnv>, deps: Deps) {
  const fields = await bodyFields(c, body);
  const kinds = Object.fromEntries(PREFERENCE_KINDS.filter((kind) => fields[kind] !== undefined).map((kind) => [kind, fields[kind]!]));
  const saved = await saveNotificationSettings(deps.database.db, c.var.user.id, { kinds, stopped: fields.stopped, lang: requestLang(c) });
  return ok(c, settingsJson(saved), 'Notification settings saved.');
}

export function notificationRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const small = bodyLimit({ maxSize: 4 * 1024, onError: (c) => fail(c, 413, refuse('request.too_large')) });
  routes.get('/notifications', auth, async (c) => ok(c, settingsJson(await notificationSettings(deps.database.db, c.var.user.id))));
  routes.put('/notifications', auth, small, (c) => update(c, deps));
  return routes;
}
