import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { demoShanRounds, demoShanSessions } from '../../db/schema';
import { handPoints, isShan, type Card } from '../../domain/shan/cards';
import { deal, parseTableState, payoutOf, playerDraws, playerStands, shuffledDeck, type TableState } from '../../domain/shan/table';
import { ShanCode } from '../../domain/shan/wallet';
import { formatMoney } from '../../lib/money';
import { OperatorUnavailable, type OperatorClient } from './operator-client';
import type { DemoSession } from './provider';
import { log, errFields } from '../../lib/log';

/**
 * The demo provider's rounds (demo_shan_rounds), so any server process can continue one:
 *
 *   betting ──bet accepted──▶ player_turn ──draw / stand──▶ settling ──settle accepted──▶ settled
 *      │                         (a Shan on the deal goes straight to settling)
 *      └──bet refused──▶ refused
 *
 * A round only advances from the status it is in, under its row lock, so a double-clicked Draw
 * cannot draw twice. No lock is ever held across a call to the operator. A round left in
 * 'betting' or 'settling' by a failed call (the operator did not answer) is retried on the next
 * request for that player's session: the bet and settle are idempotent per round id.
 */

export type RoundStatus = 'betting' | 'player_turn' | 'settling' | 'settled' | 'refused';
type Row = typeof demoShanRounds.$inferSelect;

/** The table state plus what the provider learnt from the operator. */
export type StoredState = TableState & { balance?: string; refusal?: string };

export const STAKES = [100, 500, 1000, 5000] as const;
const CALL_ATTEMPTS = 3;

export const MESSAGES = {
  insufficient: 'Insufficient balance. Move money to your game balance to play.',
  walletDown: 'The wallet did not answer. Please try again.',
  busy: 'Finish the current round first.',
  movedOn: 'This round has already moved on.',
  notFound: 'Round not found.',
  pending: 'Your result is being credited. It will show shortly.',
} as const;

export interface HandView {
  /** null for a card face down. */
  cards: (Card | null)[];
  points: number | null;
  shan: boolean | null;
}

export interface RoundView {
  id: string;
  status: RoundStatus;
  stake: string;
  player: HandView;
  banker: HandView;
  result: 'win' | 'lose' | 'push' | null;
  payout: string | null;
}

function stateOf(row: Row): StoredState {
  const state = parseTableState(row.state);
  if (!state) throw new Error(`demo shan round ${row.id}: unreadable state`);
  return state as StoredState;
}

/** What the page may see: the banker's cards stay face down until the round is decided. */
export function roundView(row: Row): RoundView {
  const state = stateOf(row);
  const shown = (cards: Card[]): HandView => ({ cards, points: cards.length ? handPoints(cards) : null, shan: cards.length ? isShan(cards) : null });
  const decided = state.outcome !== undefined && (row.status === 'settling' || row.status === 'settled');
  return {
    id: row.id,
    status: row.status as RoundStatus,
    stake: formatMoney(row.stake),
    player: shown(state.player),
    banker: decided ? shown(state.banker) : { cards: state.banker.map(() => null), points: null, shan: null },
    result: decided ? state.outcome!.result : null,
    payout: decided && row.payout !== null ? formatMoney(row.payout) : null,
  };
}

function detailOf(state: StoredState) {
  const o = state.outcome!;
  return {
    game: 'shan_koe_mee',
    player: state.player,
    banker: state.banker,
    player_points: o.playerPoints,
    banker_points: o.bankerPoints,
    player_shan: o.playerShan,
    banker_shan: o.bankerShan,
    result: o.result,
  };
}

function ofSession(session: DemoSession) {
  return and(eq(demoShanRounds.operatorCode, session.operatorCode), eq(demoShanRounds.memberAccount, session.memberAccount));
}

/** Where the rounds live and the provider's clock. */
interface TableContext {
  db: Db;
  now: () => Date;
}

export function demoTable(db: Db, now: () => Date) {
  const table: TableContext = { db, now };
  return {
    /** Retries the player's rounds a failed call left in betting or settling. */
    recover: (operator: OperatorClient, session: DemoSession) => recover(table, operator, session),
    /** The round the player is in the middle of (betting or player_turn), if any. */
    current: (session: DemoSession) => currentRound(db, session),
    /**
     * Opens a round (a freshly shuffled deck, status betting) unless one is already under way —
     * decided under the session's row lock, so a double-clicked Deal opens one — then places its bet.
     */
    open: (operator: OperatorClient, session: DemoSession, stake: bigint) => openRound(table, operator, session, stake),
    /** The player draws or stands; the banker plays; the round settles. */
    act: (operator: OperatorClient, session: DemoSession, id: string, action: 'draw' | 'stand') => act(table, operator, session, id, action),
    balanceOf(row: Row): string | undefined {
      return stateOf(row).balance;
    },
  };
}

/** Moves a round on from `from` under its row lock; `moved` false when it was elsewhere. */
async function advance(
  { db, now }: TableContext,
  id: string,
  from: RoundStatus,
  next: (row: Row, state: StoredState) => { status: RoundStatus; state: StoredState; payout?: bigint },
): Promise<{ row: Row; moved: boolean } | undefined> {
  return db.transaction(async (t) => {
    const [row] = await t.select().from(demoShanRounds).where(eq(demoShanRounds.id, id)).for('update');
    if (!row) return undefined;
    if (row.status !== from) return { row, moved: false };
    const n = next(row, stateOf(row));
    const [updated] = await t
      .update(demoShanRounds)
      .set({ status: n.status, state: n.state, ...(n.payout !== undefined ? { payout: n.payout } : {}), updatedAt: now() })
      .where(eq(demoShanRounds.id, id))
      .returning();
    return { row: updated!, moved: true };
  });
}

/** Calls the operator, retrying a call that got no answer (safe: idempotent per round). */
async function withRetry<T>(call: () => Promise<T>): Promise<T | undefined> {
  for (let attempt = 1; attempt <= CALL_ATTEMPTS; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof OperatorUnavailable)) throw err;
      log.warn({ err: errFields(err) }, 'demo shan: settle failed');
    }
  }
  return undefined;
}

/** settling → settled once the operator accepts the settle; otherwise it stays settling. */
async function settle(table: TableContext, operator: OperatorClient, row: Row): Promise<Row> {
  if (row.status !== 'settling') return row;
  const state = stateOf(row);
  const player = { operatorCode: row.operatorCode, memberAccount: row.memberAccount };
  const answer = await withRetry(() => operator.settle(player, row.id, row.payout ?? 0n, detailOf(state)));
  if (!answer || answer.code !== ShanCode.Success) {
    if (answer) log.error({ round: row.id, code: answer.code }, `demo shan settle refused: ${answer.message ?? ''}`);
    return row;
  }
  const moved = await advance(table, row.id, 'settling', (_r, s) => ({ status: 'settled', state: { ...s, balance: answer.balance } }));
  return moved?.row ?? row;
}

/** betting → player_turn (or settling, on a Shan) once the bet is accepted; refused when refused. */
async function placeBet(table: TableContext, operator: OperatorClient, row: Row): Promise<{ row: Row; refusal?: string; unavailable?: boolean }> {
  if (row.status !== 'betting') return { row };
  const player = { operatorCode: row.operatorCode, memberAccount: row.memberAccount };
  const answer = await withRetry(() => operator.bet(player, row.id, row.stake));
  if (!answer) return { row, unavailable: true };
  if (answer.code !== ShanCode.Success) {
    const refusal = answer.code === ShanCode.InsufficientBalance ? MESSAGES.insufficient : (answer.message ?? 'The bet was refused.');
    const moved = await advance(table, row.id, 'betting', (_r, s) => ({ status: 'refused', state: { ...s, refusal } }));
    return { row: moved?.row ?? row, refusal };
  }
  const moved = await advance(table, row.id, 'betting', (r, s) => {
    const dealt: StoredState = { ...deal(s.deck), balance: answer.balance };
    if (!dealt.outcome) return { status: 'player_turn', state: dealt };
    return { status: 'settling', state: dealt, payout: payoutOf(r.stake, dealt.outcome) };
  });
  if (!moved) return { row };
  return { row: await settle(table, operator, moved.row) };
}

async function recover(table: TableContext, operator: OperatorClient, session: DemoSession): Promise<void> {
  const stuck = await table.db
    .select()
    .from(demoShanRounds)
    .where(and(ofSession(session), inArray(demoShanRounds.status, ['betting', 'settling'])))
    .orderBy(asc(demoShanRounds.createdAt))
    .limit(5);
  for (const row of stuck) {
    if (row.status === 'betting') await placeBet(table, operator, row);
    else await settle(table, operator, row);
  }
}

async function currentRound(db: Db, session: DemoSession): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(demoShanRounds)
    .where(and(ofSession(session), inArray(demoShanRounds.status, ['betting', 'player_turn'])))
    .orderBy(desc(demoShanRounds.createdAt))
    .limit(1);
  return row;
}

async function openRound(table: TableContext, operator: OperatorClient, session: DemoSession, stake: bigint) {
  const opened = await insertRoundUnlessBusy(table, session, stake);
  if ('busy' in opened) return { busy: opened.busy };
  return placeBet(table, operator, opened.row);
}

/** Under the session's row lock: the round under way, or a new one in betting. */
async function insertRoundUnlessBusy({ db, now }: TableContext, session: DemoSession, stake: bigint): Promise<{ busy: Row } | { row: Row }> {
  return db.transaction(async (t) => {
    await t.select({ h: demoShanSessions.tokenHash }).from(demoShanSessions).where(eq(demoShanSessions.tokenHash, session.tokenHash)).for('update');
    const [busy] = await t
      .select()
      .from(demoShanRounds)
      .where(and(ofSession(session), inArray(demoShanRounds.status, ['betting', 'player_turn'])))
      .limit(1);
    if (busy) return { busy };
    const state: StoredState = { deck: shuffledDeck(), player: [], banker: [] };
    const [row] = await t
      .insert(demoShanRounds)
      .values({
        id: `skm-${randomUUID()}`,
        operatorCode: session.operatorCode,
        memberAccount: session.memberAccount,
        stake,
        state,
        status: 'betting',
        createdAt: now(),
        updatedAt: now(),
      })
      .returning();
    return { row: row! };
  });
}

async function act(table: TableContext, operator: OperatorClient, session: DemoSession, id: string, action: 'draw' | 'stand') {
  const [own] = await table.db.select({ id: demoShanRounds.id }).from(demoShanRounds).where(and(eq(demoShanRounds.id, id), ofSession(session)));
  if (!own) return undefined;
  const moved = await advance(table, id, 'player_turn', (row, state) => {
    const next: StoredState = { ...(action === 'draw' ? playerDraws(state) : playerStands(state)), balance: state.balance };
    return { status: 'settling', state: next, payout: payoutOf(row.stake, next.outcome!) };
  });
  if (!moved) return undefined;
  if (!moved.moved) return { row: moved.row, movedOn: true as const };
  return { row: await settle(table, operator, moved.row), movedOn: false as const };
}
export type DemoTable = ReturnType<typeof demoTable>;

