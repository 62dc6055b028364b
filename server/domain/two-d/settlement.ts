/**
 * Settling and voiding a 2D draw (domain-notes.md): ONE transaction each, run once per
 * (date, session). The two_d_settlements row is inserted first, ON CONFLICT DO NOTHING: when it
 * already exists the draw was settled or voided before and nothing changes. Money moves only
 * through applyMovements, on the MAIN balance, one ledger row per bet line
 * (reference 'two_d_bet:<id>'). Only lines of 'pending' slips take part. Each player of the draw
 * gets one Telegram message (won, lost or refunded): the transaction writes one fan-out row for the
 * draw, and a sender writes the players' messages after the commit (telegram/fanout.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { twoDResults, twoDSettlements, twoDSlips } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { applyMovements, type Movement, type Tx } from '../ledger';
import type { LedgerKind } from '../../../shared/contract/ledger-kinds';
import type { SlipStatus } from '../../../shared/contract/slip-status';
import type { Session } from './calendar';
import { lockDraw, settlementOf } from './results';
import { queueDrawFanout } from '../telegram/fanout';

export const WIN_KIND = 'two_d_win';
export const REFUND_KIND = 'two_d_refund';
export const betReference = (betId: number) => `two_d_bet:${betId}`;

export interface SettlementSummary {
  date: string;
  session: Session;
  outcome: 'settled' | 'voided';
  /** True when an earlier run had settled or voided the draw: this one changed nothing. */
  already: boolean;
  twod: string | null;
  /** Bet lines decided by this run. */
  bets: number;
  /** Players paid (winners or refunded). */
  winners: number;
  /** pya credited in all (prizes or refunds). */
  paid: bigint;
}

/** settleDraw needs a confirmed result. */
export class NoConfirmedResult extends Error {
  constructor(readonly date: string, readonly session: Session) {
    super(`no confirmed result for ${date} ${session}`);
    this.name = 'NoConfirmedResult';
  }
}

/** voidDraw refuses a draw whose result is confirmed: it must be settled instead. */
export class ResultConfirmed extends Error {
  constructor(readonly date: string, readonly session: Session) {
    super(`${date} ${session} has a confirmed result`);
    this.name = 'ResultConfirmed';
  }
}

type SettlementRow = typeof twoDSettlements.$inferSelect;
const already = (row: SettlementRow): SettlementSummary => ({
  date: row.drawDate,
  session: row.session as Session,
  outcome: row.outcome as SettlementSummary['outcome'],
  already: true,
  twod: row.twod,
  bets: 0,
  winners: row.winners,
  paid: row.paid,
});

interface Line {
  id: number;
  userId: number;
  amount: bigint;
}

/** Credits the lines, one applyMovements per player in user-id order (a fixed lock order). */
async function credit(tx: Tx, lines: Line[], kind: LedgerKind): Promise<{ players: number; total: bigint }> {
  const byUser = new Map<number, Movement[]>();
  let total = 0n;
  for (const line of lines) {
    if (line.amount <= 0n) continue;
    total += line.amount;
    const list = byUser.get(line.userId) ?? [];
    list.push({ wallet: 'main', amount: line.amount, kind, reference: betReference(line.id) });
    byUser.set(line.userId, list);
  }
  for (const userId of [...byUser.keys()].sort((a, b) => a - b)) {
    await applyMovements(tx, userId, byUser.get(userId)!);
  }
  return { players: byUser.size, total };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function closeSlips(tx: Tx, date: string, session: Session, status: Exclude<SlipStatus, 'pending'>) {
  await tx
    .update(twoDSlips)
    .set({ status })
    .where(and(eq(twoDSlips.drawDate, date), eq(twoDSlips.session, session), eq(twoDSlips.status, 'pending')));
}

/**
 * Decides every pending line of the draw against its confirmed result: win_lose, prize_amount
 * (the line's potential_payout, i.e. stake × the payout in force when it was placed) and the
 * prize credited to the main balance (kind 'two_d_win'); slips become 'completed'.
 */
export async function settleDraw(db: Db, date: string, session: Session, clock: Clock): Promise<SettlementSummary> {
  return db.transaction(async (tx) => {
    await lockDraw(tx, date, session);
    const now = clock.now();
    const [result] = await tx
      .select({ twod: twoDResults.twod })
      .from(twoDResults)
      .where(and(eq(twoDResults.drawDate, date), eq(twoDResults.session, session), eq(twoDResults.status, 'confirmed')));
    if (!result) {
      const done = await settlementOf(tx, date, session);
      if (done) return already(done);
      throw new NoConfirmedResult(date, session);
    }
    const [claimed] = await tx
      .insert(twoDSettlements)
      .values({ drawDate: date, session, outcome: 'settled', twod: result.twod, settledAt: now })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return already((await settlementOf(tx, date, session))!);

    const { decided, winning } = await decideBets(tx, date, session, result.twod);
    const paid = await credit(tx, winning, WIN_KIND);
    if (decided > 0) await queueDrawFanout(tx, { date, session, outcome: 'settled', twod: result.twod });
    await closeSlips(tx, date, session, 'completed');
    await recordPaid(tx, date, session, paid);
    return { date, session, outcome: 'settled', already: false, twod: result.twod, bets: decided, winners: paid.players, paid: paid.total };
  });
}

/** Marks every pending line of the draw won or lost in one statement; returns how many, and the winners by line id. */
async function decideBets(tx: Tx, date: string, session: Session, twod: string) {
  const decided = rowsOf<{ id: string | number; user_id: string | number; prize: string; win: boolean | string }>(
    await tx.execute(sql`
      update two_d_bets b
         set win_lose = (b.bet_number = ${twod}),
             prize_amount = case when b.bet_number = ${twod} then b.potential_payout else 0 end
        from two_d_slips s
       where s.id = b.slip_id and s.status = 'pending' and b.draw_date = ${date} and b.session = ${session}
      returning b.id, b.user_id, b.prize_amount::text as prize, b.win_lose as win`),
  );
  const winning = decided
    .filter((r) => r.win === true || r.win === 't')
    .map((r) => ({ id: Number(r.id), userId: Number(r.user_id), amount: BigInt(r.prize) }))
    .sort((a, b) => a.id - b.id);
  return { decided: decided.length, winning };
}

/** Records on the draw's settlement row how many players were credited and how much. */
async function recordPaid(tx: Tx, date: string, session: Session, paid: { players: number; total: bigint }) {
  await tx
    .update(twoDSettlements)
    .set({ winners: paid.players, paid: paid.total })
    .where(and(eq(twoDSettlements.drawDate, date), eq(twoDSettlements.session, session)));
}

/**
 * Voids a draw that got no confirmed result in time: every pending line's stake goes back to the
 * main balance (kind 'two_d_refund'), slips become 'voided'. Refused with ResultConfirmed when a
 * result was confirmed meanwhile (the draw must be settled instead).
 */
export async function voidDraw(db: Db, date: string, session: Session, clock: Clock): Promise<SettlementSummary> {
  return db.transaction(async (tx) => {
    await lockDraw(tx, date, session);
    const now = clock.now();
    const done = await settlementOf(tx, date, session);
    if (done) return already(done);
    const [confirmed] = await tx
      .select({ twod: twoDResults.twod })
      .from(twoDResults)
      .where(and(eq(twoDResults.drawDate, date), eq(twoDResults.session, session), eq(twoDResults.status, 'confirmed')));
    if (confirmed) throw new ResultConfirmed(date, session);
    const [claimed] = await tx
      .insert(twoDSettlements)
      .values({ drawDate: date, session, outcome: 'voided', twod: null, settledAt: now })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return already((await settlementOf(tx, date, session))!);

    const lines = rowsOf<{ id: string | number; user_id: string | number; amount: string }>(
      await tx.execute(sql`
        select b.id, b.user_id, b.bet_amount::text as amount
          from two_d_bets b join two_d_slips s on s.id = b.slip_id
         where s.status = 'pending' and b.draw_date = ${date} and b.session = ${session}
         order by b.id`),
    ).map((r) => ({ id: Number(r.id), userId: Number(r.user_id), amount: BigInt(r.amount) }));
    const refunded = await credit(tx, lines, REFUND_KIND);
    if (lines.length > 0) await queueDrawFanout(tx, { date, session, outcome: 'voided', twod: null });
    await closeSlips(tx, date, session, 'voided');
    await recordPaid(tx, date, session, refunded);
    return { date, session, outcome: 'voided', already: false, twod: null, bets: lines.length, winners: refunded.players, paid: refunded.total };
  });
}
