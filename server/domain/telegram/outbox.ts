/**
 * The durable outbox (docs/telegram.md § Messages, decision 0039): a message to a Telegram chat is
 * a row of telegram_outbox written in the SAME transaction as the event that causes it — a crash
 * never loses one, a rolled-back event never sends one — and its dedupe key names the event, so
 * an event queues at most one message (`ON CONFLICT DO NOTHING`). The sender (sender.ts) delivers
 * the rows within Telegram's limits. Words are rendered here, in the player's language.
 *
 * Each enqueue also NOTIFYs `telegram_outbox` (delivered at COMMIT, nothing on rollback), which
 * wakes the senders at once instead of at their next poll.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import type { OutboxButton } from '../../db/schema';
import { runStatement, statement } from '../../db/statement';
import type { BotLang } from './words';

export const OUTBOX_CHANNEL = 'telegram_outbox';

export const OUTBOX_KINDS = ['deposit', 'withdraw', 'two_d', 'adjustment', 'security', 'announcement', 'two_d_results', 'preview'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** The kinds a player can turn off, and the preference column that does (security has none). */
export const KIND_PREFERENCE = {
  deposit: 'deposit',
  withdraw: 'withdraw',
  two_d: 'two_d',
  adjustment: 'adjustment',
  announcement: 'announcements',
  two_d_results: 'two_d_results',
} as const satisfies Partial<Record<OutboxKind, string>>;

export interface OutboxMessage {
  chatId: number;
  userId?: number | null;
  kind: OutboxKind;
  dedupeKey: string;
  text: string;
  photo?: string | null;
  button?: OutboxButton | null;
  /** 0 a player's event (default), 1 bulk: broadcasts and daily results go after every pending event. */
  priority?: 0 | 1;
  broadcastId?: number | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const CHUNK = 500;

/** Queues one message as it is (no preference check). True when queued, false when its dedupe key was queued before. */
export async function enqueueTelegram(tx: DbOrTx, message: OutboxMessage): Promise<boolean> {
  return (await enqueueTelegramMany(tx, [message])) === 1;
}

/** Queues many messages (chunks of 500 rows a statement); returns how many were new. */
export async function enqueueTelegramMany(tx: DbOrTx, messages: OutboxMessage[]): Promise<number> {
  let queued = 0;
  for (let at = 0; at < messages.length; at += CHUNK) {
    const rows = messages.slice(at, at + CHUNK).map((m) => ({
      chat_id: m.chatId,
      user_id: m.userId ?? null,
      kind: m.kind,
      dedupe_key: m.dedupeKey,
      text: m.text,
      photo: m.photo ?? null,
      button: m.button ?? null,
      priority: m.priority ?? 0,
      broadcast_id: m.broadcastId ?? null,
    }));
    const inserted = rowsOf<{ n: string | number }>(
      await tx.execute(sql`
        with ins as (
          insert into telegram_outbox (chat_id, user_id, kind, dedupe_key, text, photo, button, priority, broadcast_id)
          select r.chat_id, r.user_id, r.kind, r.dedupe_key, r.text, r.photo, r.button, r.priority, r.broadcast_id
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
              as r(chat_id bigint, user_id bigint, kind text, dedupe_key text, text text, photo text, button jsonb, priority int, broadcast_id bigint)
          on conflict (dedupe_key) do nothing
          returning 1
        )
        select count(*) as n, pg_notify(${OUTBOX_CHANNEL}, '') from ins having count(*) > 0`),
    );
    queued += Number(inserted[0]?.n ?? 0);
  }
  return queued;
}

/** A player's message before their language is known: the words in every language, the button's label too. */
export interface PlayerMessage {
  userId: number;
  kind: Exclude<OutboxKind, 'preview'>;
  dedupeKey: string;
  texts: Record<BotLang, string>;
  button?: { page: string; labels: Record<BotLang, string> } | null;
}

/**
 * Queues a message to a player, in one statement: only when they are linked to Telegram, and —
 * for any kind but security — they have not turned the kind off, not sent /stop, and their chat
 * has not blocked the bot. The statement picks their language (chosen, else Telegram's, else
 * English). True when queued.
 */
export async function notifyPlayer(tx: DbOrTx, message: PlayerMessage): Promise<boolean> {
  const preference = message.kind === 'security' ? null : KIND_PREFERENCE[message.kind];
  const button = message.button ? JSON.stringify(message.button) : null;
  const rows = await runStatement(tx, NOTIFY_PLAYER, [
    message.userId,
    message.kind,
    message.dedupeKey,
    JSON.stringify(message.texts),
    button,
    preference,
  ]);
  return rows.length === 1;
}

/**
 * $1 user, $2 kind, $3 dedupe key, $4 texts by language, $5 { page, labels } or null, $6 the
 * preference column's name (null: security, always sent). The preference is read by name from the
 * row as JSON, so one prepared statement serves every kind.
 */
const NOTIFY_PLAYER = statement<{ id: string }>(
  'telegram_notify_player',
  `
with target as (
  select u.id, u.telegram_id, coalesce(p.language, p.telegram_language, 'en') as lang
    from users u
    left join notification_preferences p on p.user_id = u.id
   where u.id = $1::bigint and u.telegram_id is not null
     and ($6::text is null or (
           coalesce((to_jsonb(p) ->> $6::text)::boolean, true)
           and not coalesce(p.stopped, false)
           and not exists (select 1 from telegram_chats c where c.chat_id = u.telegram_id and c.blocked_at is not null)))
), ins as (
  insert into telegram_outbox (chat_id, user_id, kind, dedupe_key, text, button)
  select t.telegram_id, t.id, $2::text, $3::text, $4::jsonb ->> t.lang,
         case when $5::jsonb is null then null
              else jsonb_build_object('text', $5::jsonb -> 'labels' ->> t.lang, 'page', $5::jsonb ->> 'page') end
    from target t
  on conflict (dedupe_key) do nothing
  returning id
)
select id::text as id, pg_notify('${OUTBOX_CHANNEL}', '') from ins`,
);

export interface Recipient {
  userId: number;
  chatId: number;
  lang: BotLang;
}

/**
 * The players of `userIds` a message of `kind` goes to (linked; for all but security: the kind on,
 * not stopped, chat not blocked), with their language. For bulk events (a 2D draw): render only
 * their language, then enqueueTelegramMany.
 */
export async function recipientsOf(tx: DbOrTx, userIds: number[], kind: Exclude<OutboxKind, 'preview'>): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  const preference = kind === 'security' ? null : KIND_PREFERENCE[kind];
  const rows = rowsOf<{ user_id: string | number; chat_id: string | number; lang: string }>(
    await tx.execute(sql`
      select u.id as user_id, u.telegram_id as chat_id, coalesce(p.language, p.telegram_language, 'en') as lang
        from users u
        left join notification_preferences p on p.user_id = u.id
       where u.id = any(${`{${userIds.join(',')}}`}::bigint[]) and u.telegram_id is not null
         and (${preference}::text is null or (
               coalesce((to_jsonb(p) ->> ${preference}::text)::boolean, true)
               and not coalesce(p.stopped, false)
               and not exists (select 1 from telegram_chats c where c.chat_id = u.telegram_id and c.blocked_at is not null)))
       order by u.id`),
  );
  return rows.map((r) => ({ userId: Number(r.user_id), chatId: Number(r.chat_id), lang: r.lang as BotLang }));
}
