/**
 * Bulk events fan out after their commit (decision 0039 § Fan-out). A settled or voided 2D draw
 * writes ONE telegram_fanouts row in its own transaction (durable: a crash after the commit loses
 * no message; a rollback takes it away, so nothing is sent), and NOTIFYs the senders. A sender
 * (sender.ts, any process) then writes the players' messages into the outbox, a chunk at a time:
 * each chunk is one transaction that locks the fan-out row `FOR UPDATE SKIP LOCKED`, writes the
 * next players (by user id, after `cursor`) and moves the cursor with them. A crash mid-chunk rolls
 * the whole chunk back; two processes take turns on the row; and every message's dedupe key
 * (`two_d:<date>:<session>:<user>`) refuses a second row whatever happens. One message per player
 * per draw, however many slips they had.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/types';
import { NOTICE_PAGES } from './notices';
import { enqueueTelegramMany, OUTBOX_CHANNEL, recipientsOf, type OutboxMessage } from './outbox';
import { kyatText, messageText, wordsOf, type BotLang } from './words';

/** Players written by one chunk's transaction. */
export const FANOUT_CHUNK = 500;

export interface DrawFanout {
  date: string;
  session: 'morning' | 'evening';
  outcome: 'settled' | 'voided';
  twod: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** In the draw's transaction: the one row that stands for every player's message, and the wake-up (sent at COMMIT). */
export async function queueDrawFanout(tx: DbOrTx, d: DrawFanout): Promise<void> {
  const payload = JSON.stringify({ date: d.date, session: d.session, outcome: d.outcome, twod: d.twod });
  await tx.execute(sql`
    with ins as (
      insert into telegram_fanouts (kind, dedupe_key, payload) values ('two_d', ${`two_d:${d.date}:${d.session}`}, ${payload}::jsonb)
      on conflict (dedupe_key) do nothing
      returning 1)
    select pg_notify(${OUTBOX_CHANNEL}, '') from ins`);
}

interface Job {
  id: number;
  cursor: number;
  payload: DrawFanout;
}

/**
 * Writes the next chunk of one pending fan-out (skipping one another process holds). True when it
 * wrote one (call again), false when no fan-out was free.
 */
export async function fanOutChunk(db: Db, chunk = FANOUT_CHUNK): Promise<boolean> {
  const waiting = rowsOf(await db.execute(sql`select 1 from telegram_fanouts where status = 'pending' limit 1`));
  if (waiting.length === 0) return false;
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: string | number; cursor: string | number; payload: DrawFanout | string }>(
      await tx.execute(sql`
        select id, cursor, payload from telegram_fanouts where status = 'pending' order by id limit 1 for update skip locked`),
    );
    if (!row) return false;
    const job: Job = { id: Number(row.id), cursor: Number(row.cursor), payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as DrawFanout) : row.payload };
    const { last, count, queued } = await drawChunk(tx, job, chunk);
    const done = count < chunk;
    await tx.execute(sql`
      update telegram_fanouts
         set cursor = ${last}, queued = queued + ${queued}, status = ${done ? 'done' : 'pending'}, done_at = ${done ? sql`now()` : null}
       where id = ${job.id}`);
    return true;
  });
}

/** Every pending fan-out, to the end (tests and scripts; a sender interleaves chunks with its sends). Returns the chunks written. */
export async function fanOutAll(db: Db, chunk = FANOUT_CHUNK): Promise<number> {
  let chunks = 0;
  while (await fanOutChunk(db, chunk)) chunks++;
  return chunks;
}

interface DrawPlayer {
  userId: number;
  /** pya: the prizes (settled) or the refund (voided); 0 for a player who lost. */
  paid: bigint;
  /** The numbers they played, sorted, ', '-joined. */
  numbers: string;
}

/**
 * The next `chunk` linked players of the draw after the cursor (whatever their switches: the
 * cursor moves over them all), what the draw paid each and their numbers; then the messages to
 * those who want 2D messages. Returns the cursor's new place, how many players and messages.
 */
async function drawChunk(tx: DbOrTx, job: Job, chunk: number): Promise<{ last: number; count: number; queued: number }> {
  const d = job.payload;
  const status = d.outcome === 'settled' ? 'completed' : 'voided';
  const players = rowsOf<{ user_id: string | number; paid: string; numbers: string }>(
    await tx.execute(sql`
      with players as (
        select s.user_id from two_d_slips s join users u on u.id = s.user_id and u.telegram_id is not null
         where s.draw_date = ${d.date} and s.session = ${d.session} and s.status = ${status} and s.user_id > ${job.cursor}
         group by s.user_id order by s.user_id limit ${chunk})
      select p.user_id, a.paid, a.numbers
        from players p
        cross join lateral (
          select sum(${sql.raw(d.outcome === 'voided' ? 'b.bet_amount' : 'b.prize_amount')})::text as paid,
                 string_agg(distinct b.bet_number, ', ' order by b.bet_number) as numbers
            from two_d_slips s join two_d_bets b on b.slip_id = s.id
           where s.user_id = p.user_id and s.draw_date = ${d.date} and s.session = ${d.session} and s.status = ${status}) a
       order by p.user_id`),
  ).map((r): DrawPlayer => ({ userId: Number(r.user_id), paid: BigInt(r.paid ?? '0'), numbers: r.numbers ?? '' }));
  if (players.length === 0) return { last: job.cursor, count: 0, queued: 0 };
  const byId = new Map(players.map((p) => [p.userId, p]));
  const recipients = await recipientsOf(tx, [...byId.keys()], 'two_d');
  const page = NOTICE_PAGES.slips[d.session];
  const messages: OutboxMessage[] = recipients.map((r) => ({
    chatId: r.chatId,
    userId: r.userId,
    kind: 'two_d',
    dedupeKey: `two_d:${d.date}:${d.session}:${r.userId}`,
    text: drawText(d, byId.get(r.userId)!, r.lang),
    button: { text: wordsOf(r.lang).button.slips, page },
  }));
  const queued = await enqueueTelegramMany(tx, messages);
  return { last: players[players.length - 1]!.userId, count: players.length, queued };
}

/** Won: the prize, the number, the draw; lost: the number and theirs; voided: the refund. */
function drawText(d: DrawFanout, p: DrawPlayer, lang: BotLang): string {
  const draw = `${d.date} ${wordsOf(lang).session[d.session]}`;
  const amount = kyatText(p.paid, lang);
  if (d.outcome === 'voided') return messageText(lang, 'twoDVoided', { draw, amount });
  if (p.paid > 0n) return messageText(lang, 'twoDWon', { draw, amount, number: d.twod ?? '' });
  return messageText(lang, 'twoDLost', { draw, number: d.twod ?? '', numbers: p.numbers });
}
