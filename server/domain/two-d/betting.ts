/**
 * Placing a 2D bet (domain-notes.md § Two-digit lottery): the limit check and the insert are
 * atomic. In the caller's ONE transaction the counter rows of the slip's numbers are created if
 * missing and locked in a fixed (sorted) order, closures and breaks are checked against what is
 * staked under that lock, and only then is the main balance debited (applyMovements), the slip and
 * its bets written and the counters bumped. A refusal throws, so the transaction rolls back whole.
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { twoDBets, twoDCounters, twoDNumberLimits, twoDSlips } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { formatMoney } from '../../lib/money';
import { yangonDate } from '../../lib/time';
import { InsufficientBalance, applyMovements, type DbOrTx, type Tx } from '../ledger';
import type { BetLine } from './betting-input';
import { openSession, type OpenSession, type Session, type TwoDConfig } from './calendar';
import { holidaySet } from './holidays';
import { Refusal } from '../refusal';
import { refuse } from '../../i18n/refusals';

export const BET_PLACED = 'ထီအောင်မြင်စွာ ထိုးပြီးပါပြီ။';
export const SESSION_CLOSED = refuse('two_d.session_closed');
export const BETTING_CLOSED = refuse('two_d.betting_closed');
export const INSUFFICIENT_FUNDS = refuse('two_d.insufficient');
export const OVER_LIMIT_PREFIX = 'Over-limit or closed numbers: ';

/** The ledger kind of a stake and the reference of its slip. */
export const BET_KIND = 'two_d_bet';
export const slipReference = (slipId: number) => `two_d_slip:${slipId}`;

/**
 * The draw a bet placed now joins, from the SERVER clock in Yangon time (never the client's
 * date), or the 400 refusal: "Betting is closed for this session." when the requested session is
 * no longer open, "Betting is closed." when nothing is.
 */
export async function drawForBet(db: DbOrTx, now: Date, cfg: TwoDConfig, wanted: Session | undefined): Promise<OpenSession> {
  const today = yangonDate(now);
  const holidays = await holidaySet(db, today, today);
  const open = openSession(now, holidays, cfg, wanted);
  if (!open) throw new Refusal('refused', wanted ? SESSION_CLOSED : BETTING_CLOSED);
  return open;
}

export interface SlipJson {
  id: number;
  slip_no: string;
  player_name: string;
  total_bet_amount: string;
  session: string;
  status: string;
  game_date: string;
  before_balance: string;
  after_balance: string;
  created_at: string;
  two_bets: BetJson[];
}

export interface BetJson {
  id: number;
  bet_number: string;
  bet_amount: string;
  win_lose: boolean | null;
  potential_payout: string;
  prize_amount: string;
}

type SlipRow = typeof twoDSlips.$inferSelect;
type BetRow = typeof twoDBets.$inferSelect;

export function slipJson(slip: SlipRow, playerName: string, bets: BetRow[]): SlipJson {
  return {
    id: slip.id,
    slip_no: slip.slipNo,
    player_name: playerName,
    total_bet_amount: formatMoney(slip.totalBetAmount),
    session: slip.session,
    status: slip.status,
    game_date: slip.drawDate,
    before_balance: formatMoney(slip.beforeBalance),
    after_balance: formatMoney(slip.afterBalance),
    created_at: slip.createdAt.toISOString(),
    two_bets: bets.map((b) => ({
      id: b.id,
      bet_number: b.betNumber,
      bet_amount: formatMoney(b.betAmount),
      win_lose: b.winLose,
      potential_payout: formatMoney(b.potentialPayout),
      prize_amount: formatMoney(b.prizeAmount),
    })),
  };
}

const SLIP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 'TD' + the draw date (YYYYMMDD) + 6 random characters, e.g. TD20260105K7Q2MX. */
export function newSlipNo(drawDate: string): string {
  let tail = '';
  for (let i = 0; i < 6; i++) tail += SLIP_ALPHABET[randomInt(SLIP_ALPHABET.length)];
  return `TD${drawDate.replaceAll('-', '')}${tail}`;
}

export interface PlaceBet {
  userId: number;
  playerName: string;
  draw: OpenSession;
  lines: BetLine[];
  /** pya; the sum of the lines. */
  total: bigint;
  cfg: TwoDConfig;
  clock: Clock;
}

/** One number's state under the lock. */
interface Locked {
  number: string;
  staked: bigint;
  breakAmount: bigint | null;
  closed: boolean;
}

/**
 * Creates the missing counters and locks every counter of the slip, in number order (so two
 * slips sharing numbers never wait on each other crosswise), reading with each one its break
 * override and whether a closure covers it — one round trip for the lock and the facts.
 */
export async function lockCounters(tx: Tx, date: string, session: Session, numbers: string[]): Promise<Locked[]> {
  const sorted = [...numbers].sort();
  await tx
    .insert(twoDCounters)
    .values(sorted.map((number) => ({ drawDate: date, session, number })))
    .onConflictDoNothing();
  const rows = await tx
    .select({
      number: twoDCounters.number,
      staked: twoDCounters.staked,
      breakAmount: twoDNumberLimits.breakAmount,
      closed: sql<boolean>`exists (select 1 from two_d_closures cl
        where (cl.kind = 'number' and cl.value = ${twoDCounters.number})
           or (cl.kind = 'head' and cl.value = left(${twoDCounters.number}, 1)))`,
    })
    .from(twoDCounters)
    .leftJoin(twoDNumberLimits, eq(twoDNumberLimits.number, twoDCounters.number))
    .where(and(eq(twoDCounters.drawDate, date), eq(twoDCounters.session, session), inArray(twoDCounters.number, sorted)))
    .orderBy(asc(twoDCounters.number))
    .for('update', { of: twoDCounters });
  return rows.map((r) => ({ ...r, staked: BigInt(r.staked), closed: r.closed === true || String(r.closed) === 't' }));
}

/** The numbers a slip may not take: closed, or over their break with this stake. Sorted. */
export function offendingNumbers(lines: BetLine[], locked: Locked[], defaultBreak: bigint): string[] {
  const byNumber = new Map(locked.map((l) => [l.number, l]));
  return lines
    .filter((line) => {
      const state = byNumber.get(line.num);
      if (!state) return true; // cannot happen: every counter was just created
      const limit = state.breakAmount ?? defaultBreak;
      return state.closed || state.staked + line.amount > limit;
    })
    .map((l) => l.num)
    .sort();
}

/** Places the slip in the caller's transaction; returns it as the API shows it, or throws a refusal. */
export async function placeBet(tx: Tx, bet: PlaceBet): Promise<SlipJson> {
  const { date, session } = bet.draw;
  const locked = await lockCounters(tx, date, session, bet.lines.map((l) => l.num));
  // The cut-off may have passed while this bet waited for the lock: the server's clock decides.
  const now = bet.clock.now();
  if (now.getTime() >= bet.draw.closesAt.getTime()) throw new Refusal('refused', SESSION_CLOSED);

  const offenders = offendingNumbers(bet.lines, locked, bet.cfg.defaultBreak);
  if (offenders.length > 0) throw new Refusal('refused', refuse('two_d.over_limit', { numbers: offenders.join(', ') }), offenders);

  const slipId = await nextSlipId(tx);
  const mainBalance = await debitStake(tx, bet, slipId);
  const slip = await insertSlip(tx, bet, slipId, mainBalance, now);
  const bets = await insertBets(tx, bet, slipId, now);
  await bumpCounters(tx, bet);
  return slipJson(slip, bet.playerName, bets.sort((a, b) => a.id - b.id));
}

/** The slip's id, taken from its sequence before the insert so the debit can name the slip. */
async function nextSlipId(tx: Tx): Promise<number> {
  const seq = (await tx.execute(sql`select nextval(pg_get_serial_sequence('two_d_slips', 'id'))::text as id`)) as unknown as {
    rows: { id: string }[];
  };
  return Number(seq.rows[0]!.id);
}

/** Debits the stake from the main wallet; returns the main balance after it, or refuses when short. */
async function debitStake(tx: Tx, bet: PlaceBet, slipId: number): Promise<bigint> {
  try {
    const balances = await applyMovements(tx, bet.userId, [
      { wallet: 'main', amount: -bet.total, kind: BET_KIND, reference: slipReference(slipId) },
    ]);
    return balances.mainBalance;
  } catch (err) {
    if (err instanceof InsufficientBalance) throw new Refusal('refused', INSUFFICIENT_FUNDS);
    throw err;
  }
}

/** Writes the slip, drawing a fresh slip number while one collides (at most five tries). */
async function insertSlip(tx: Tx, bet: PlaceBet, slipId: number, mainBalance: bigint, now: Date): Promise<SlipRow> {
  const { date, session } = bet.draw;
  let slip: SlipRow | undefined;
  for (let attempt = 0; !slip; attempt++) {
    if (attempt === 5) throw new Error('could not draw a unique slip number');
    [slip] = await tx
      .insert(twoDSlips)
      .values({
        id: slipId,
        slipNo: newSlipNo(date),
        userId: bet.userId,
        drawDate: date,
        session,
        totalBetAmount: bet.total,
        status: 'pending',
        beforeBalance: mainBalance + bet.total,
        afterBalance: mainBalance,
        createdAt: now,
      })
      .onConflictDoNothing({ target: twoDSlips.slipNo })
      .returning();
  }
  return slip;
}

function insertBets(tx: Tx, bet: PlaceBet, slipId: number, now: Date): Promise<BetRow[]> {
  const { date, session } = bet.draw;
  return tx
    .insert(twoDBets)
    .values(
      bet.lines.map((line) => ({
        slipId,
        userId: bet.userId,
        drawDate: date,
        session,
        betNumber: line.num,
        betAmount: line.amount,
        potentialPayout: line.amount * bet.cfg.payout,
        createdAt: now,
      })),
    )
    .returning();
}

/** Adds each line's stake to its number's counter, in one statement. */
async function bumpCounters(tx: Tx, bet: PlaceBet): Promise<void> {
  const { date, session } = bet.draw;
  const bumps = JSON.stringify(bet.lines.map((l) => ({ number: l.num, amount: l.amount.toString() })));
  await tx.execute(sql`
    update two_d_counters c
       set staked = c.staked + x.amount
      from jsonb_to_recordset(${bumps}::jsonb) as x(number text, amount bigint)
     where c.draw_date = ${date} and c.session = ${session} and c.number = x.number`);
}
