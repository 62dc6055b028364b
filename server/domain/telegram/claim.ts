/**
 * The outbox's side of sending (decision 0039): claiming due rows within Telegram's limits, and
 * recording each answer. Every process runs the same code against the same tables:
 *
 * - **Global rate.** telegram_pacer holds the time of the next free send slot. A claim locks that
 *   one row (claims are serialised across processes: a few milliseconds each), takes as many
 *   slots as have come due (at most `burst` late ones, so an idle pause never turns into a burst),
 *   and moves the slot on by n / rate seconds. Rows are then claimed `FOR UPDATE SKIP LOCKED`.
 * - **Per chat.** telegram_chats.next_at: a claimed chat's next message waits `chatGapMs`; a
 *   claim takes at most one row per chat.
 * - **Still wanted.** A player who turned a kind off (or sent /stop) after its message was queued
 *   does not get it: the claim drops such rows ('dropped') instead of sending them. Security
 *   notices and rows to no player (previews) always go.
 * - **At most once.** A claimed row is 'sending' in a COMMITTED transaction before the Bot API is
 *   called; only an answer moves it on. A process that dies in between leaves it 'sending', and
 *   after `sendingTimeoutMs` it becomes 'unknown' — never sent again.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/types';
import type { OutboxButton } from '../../db/schema';
import { KIND_PREFERENCE } from './outbox';

export interface PaceConfig {
  /** Messages a second, all processes together (Telegram: about 30). */
  rate: number;
  /** Slots a claim may take late (after a pause): a small burst. */
  burst: number;
  /** At most this many rows a claim. */
  batchMax: number;
  /** The gap between two messages to one chat (Telegram: 1 a second). */
  chatGapMs: number;
}

export interface ClaimedRow {
  id: number;
  chatId: number;
  kind: string;
  text: string;
  photo: string | null;
  button: OutboxButton | null;
  attempts: number;
}

/** The rows claimed, and when the next slot is free (epoch ms; Infinity: nothing was due). */
export type Claim = { rows: ClaimedRow[]; nextAt: number };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const at = (ms: number) => new Date(ms).toISOString();

/**
 * Whether the row's player still wants it (`o` the outbox row, `p` their preferences, left-joined):
 * the kind's switch on and no /stop; no preferences row is the defaults (the row was queued under
 * them). Kinds without a switch (security, preview) always.
 */
const STILL_WANTED = sql.raw(
  `(p.user_id is null or case o.kind ${Object.entries(KIND_PREFERENCE)
    .map(([kind, column]) => `when '${kind}' then p."${column}" and not p.stopped`)
    .join(' ')} else true end)`,
);

/** The pacer's row, made once (idempotent). */
export async function ensurePacer(db: DbOrTx): Promise<void> {
  await db.execute(sql`insert into telegram_pacer (id, next_at) values (1, now()) on conflict (id) do nothing`);
}

/** Whether any row is due now (a cheap read before a claim's lock, when the sender was idle). */
export async function anyDue(db: DbOrTx, now: number): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from telegram_outbox where status = 'pending' and next_attempt_at <= ${at(now)}::timestamptz limit 1`));
  return rows.length > 0;
}

/** Claims due rows within the global and per-chat limits; `nextAt` says when the next slot is free. */
export async function claimDue(db: Db, pace: PaceConfig, now: number): Promise<Claim> {
  return db.transaction(async (tx) => {
    const [pacer] = rowsOf<{ next_at: string | Date }>(await tx.execute(sql`select next_at from telegram_pacer where id = 1 for update`));
    const slotMs = 1000 / pace.rate;
    const base = Math.max(pacer ? new Date(pacer.next_at).getTime() : now, now - pace.burst * slotMs);
    if (base > now) return { rows: [], nextAt: base };
    const budget = Math.min(pace.batchMax, Math.floor((now - base) / slotMs) + 1);
    const candidates = rowsOf<{ id: string | number; chat_id: string | number; wanted: boolean | string }>(
      await tx.execute(sql`
        select o.id, o.chat_id, ${STILL_WANTED} as wanted
          from telegram_outbox o left join notification_preferences p on p.user_id = o.user_id
         where o.status = 'pending' and o.next_attempt_at <= ${at(now)}::timestamptz
           and not exists (select 1 from telegram_chats c where c.chat_id = o.chat_id and c.next_at > ${at(now)}::timestamptz)
         order by o.priority, o.id
         limit ${budget * 3}
         for update of o skip locked`),
    );
    const chats = new Set<number>();
    const ids: number[] = [];
    const unwanted = candidates.filter((c) => !isWanted(c)).map((c) => Number(c.id));
    await dropUnwanted(tx, unwanted);
    for (const c of candidates.filter(isWanted)) {
      if (ids.length >= budget || chats.has(Number(c.chat_id))) continue;
      chats.add(Number(c.chat_id));
      ids.push(Number(c.id));
    }
    // Only dropped rows: claim again at once, there may be wanted ones behind them.
    if (ids.length === 0) return { rows: [], nextAt: unwanted.length ? now : Infinity };
    const rows = await markSending(tx, ids, now);
    await tx.execute(sql`
      insert into telegram_chats (chat_id, next_at)
      select unnest(${`{${[...chats].join(',')}}`}::bigint[]), ${at(now + pace.chatGapMs)}::timestamptz
      on conflict (chat_id) do update set next_at = excluded.next_at`);
    await tx.execute(sql`update telegram_pacer set next_at = ${at(base + ids.length * slotMs)}::timestamptz where id = 1`);
    return { rows, nextAt: base + ids.length * slotMs };
  });
}

const isWanted = (c: { wanted: boolean | string }) => c.wanted === true || c.wanted === 't';

/** Rows whose player turned their kind off (or sent /stop) while they waited: never sent. */
async function dropUnwanted(tx: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update telegram_outbox set status = 'dropped', last_error = 'the player turned this kind of message off'
     where id = any(${`{${ids.join(',')}}`}::bigint[])`);
}

async function markSending(tx: DbOrTx, ids: number[], now: number): Promise<ClaimedRow[]> {
  const rows = rowsOf<{ id: string | number; chat_id: string | number; kind: string; text: string; photo: string | null; button: OutboxButton | string | null; attempts: number }>(
    await tx.execute(sql`
      update telegram_outbox set status = 'sending', claimed_at = ${at(now)}::timestamptz, attempts = attempts + 1
       where id = any(${`{${ids.join(',')}}`}::bigint[])
      returning id, chat_id, kind, text, photo, button, attempts`),
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      chatId: Number(r.chat_id),
      kind: r.kind,
      text: r.text,
      photo: r.photo,
      button: typeof r.button === 'string' ? (JSON.parse(r.button) as OutboxButton) : r.button,
      attempts: Number(r.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

/** What the Bot API's answer (or its absence) means for a row. */
export type SendOutcome =
  | { kind: 'sent'; messageId: number | null }
  /** 429: wait `seconds` (this chat and everyone: Telegram does not say which limit it was). */
  | { kind: 'retry_after'; seconds: number; description: string }
  /** 403: the user blocked the bot (or left the chat). */
  | { kind: 'blocked'; description: string }
  /** Any other 4xx: a message Telegram will never take. */
  | { kind: 'refused'; description: string }
  /** 5xx, or the request never left (connection refused): it was not delivered, try again later. */
  | { kind: 'transient'; description: string }
  /** The request may have reached Telegram but no answer came (a timeout, a cut connection): never re-sent. */
  | { kind: 'unknown'; description: string };

export interface RetryConfig {
  /** Transient failures before a row is given up ('failed'). */
  maxAttempts: number;
  /** First backoff; doubles each attempt, capped at maxBackoffMs, ±20% jitter. */
  backoffMs: number;
  maxBackoffMs: number;
}

export function backoffFor(attempts: number, cfg: RetryConfig, random = Math.random): number {
  const base = Math.min(cfg.maxBackoffMs, cfg.backoffMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Records a claimed row's outcome (`chatGapMs`: the pace's gap per chat). 429 puts the row back after retry_after (not counted as an
 * attempt) and holds its chat and the global pacer as long; 403 fails the row, marks the chat
 * blocked and drops its other pending messages except security notices.
 */
export async function recordOutcome(db: Db, row: ClaimedRow, outcome: SendOutcome, now: number, retry: RetryConfig & { chatGapMs: number }): Promise<void> {
  const error = 'description' in outcome ? outcome.description.slice(0, 500) : null;
  switch (outcome.kind) {
    case 'sent':
      return recordSent(db, row, outcome.messageId, now, retry.chatGapMs);
    case 'retry_after':
      return recordRetryAfter(db, row, outcome.seconds, now, error);
    case 'blocked':
      return recordBlocked(db, row, now, error);
    case 'refused':
    case 'unknown':
      await db.execute(sql`update telegram_outbox set status = ${outcome.kind === 'refused' ? 'failed' : 'unknown'}, last_error = ${error} where id = ${row.id}`);
      return;
    case 'transient': {
      if (row.attempts >= retry.maxAttempts) {
        await db.execute(sql`update telegram_outbox set status = 'failed', last_error = ${error} where id = ${row.id}`);
        return;
      }
      const next = at(now + backoffFor(row.attempts, retry));
      await db.execute(sql`update telegram_outbox set status = 'pending', next_attempt_at = ${next}::timestamptz, last_error = ${error} where id = ${row.id}`);
    }
  }
}

/**
 * Sent. The chat's next message waits a gap from this answer too: Telegram counts arrivals, and a
 * request that left late (a busy process) must not bring the next one closer than a second.
 */
async function recordSent(db: Db, row: ClaimedRow, messageId: number | null, now: number, chatGapMs: number): Promise<void> {
  await db.execute(sql`
    with sent as (
      update telegram_outbox set status = 'sent', sent_at = ${at(now)}::timestamptz, telegram_message_id = ${messageId}, last_error = null
       where id = ${row.id} returning chat_id)
    update telegram_chats c set next_at = greatest(c.next_at, ${at(now + chatGapMs)}::timestamptz) from sent where c.chat_id = sent.chat_id`);
}

/** 429: the row, its chat and every process wait retry_after; not counted as an attempt. */
async function recordRetryAfter(db: Db, row: ClaimedRow, seconds: number, now: number, error: string | null): Promise<void> {
  const until = at(now + Math.max(1, seconds) * 1000);
  await db.transaction(async (tx) => {
    await tx.execute(sql`update telegram_outbox set status = 'pending', attempts = attempts - 1, next_attempt_at = ${until}::timestamptz, last_error = ${error} where id = ${row.id}`);
    await tx.execute(sql`update telegram_chats set next_at = greatest(next_at, ${until}::timestamptz) where chat_id = ${row.chatId}`);
    await tx.execute(sql`update telegram_pacer set next_at = greatest(next_at, ${until}::timestamptz) where id = 1`);
  });
}

/** 403: the row fails, the chat is blocked, its other pending messages but security notices are dropped. */
async function recordBlocked(db: Db, row: ClaimedRow, now: number, error: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update telegram_outbox set status = 'failed', last_error = ${error} where id = ${row.id}`);
    await tx.execute(sql`update telegram_chats set blocked_at = ${at(now)}::timestamptz where chat_id = ${row.chatId}`);
    await tx.execute(sql`
      update telegram_outbox set status = 'dropped', last_error = 'the chat blocked the bot'
       where chat_id = ${row.chatId} and status = 'pending' and kind <> 'security'`);
  });
}

/** Rows left 'sending' longer than `timeoutMs` (their process died mid-send): 'unknown', never re-sent. */
export async function expireSending(db: DbOrTx, now: number, timeoutMs: number): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
      update telegram_outbox set status = 'unknown', last_error = 'no answer recorded: the sending process stopped mid-send'
       where status = 'sending' and claimed_at < ${at(now - timeoutMs)}::timestamptz
      returning id`),
  );
  return rows.length;
}
