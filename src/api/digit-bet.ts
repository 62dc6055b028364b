/**
 * Digit Bet (api-contract.md, Digit Bet and Shan; docs/digit-bet.md): placing a roll with its
 * Idempotency-Key, the history (all, or one seed pair's bets), and the provably fair seed pair.
 * Rows are read tolerantly (snake_case or camelCase, a list or `{ data: list }`). The server rolls;
 * the legacy `rolled_number`/`outcome` fields are not sent.
 */
import { ApiError, type Api } from './client';
import { isRow, money, numberOrNull, text, toPage } from './normalise';
import type { DigitBetAnswer, DigitBetRequest, DigitBetRow, DigitBetType, DigitFairness, DigitRollFairness, DigitSeedPair, RevealedSeed } from './types';

type Row = Record<string, unknown>;
const row = (value: unknown): Row => (isRow(value) ? value : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const BET_TYPES: readonly DigitBetType[] = ['digit', 'big', 'small'];

const betType = (value: unknown): DigitBetType => (BET_TYPES.includes(value as DigitBetType) ? (value as DigitBetType) : 'digit');

export function toDigitBetRow(value: unknown): DigitBetRow {
  const r = row(value);
  const stake = money(r.stake);
  const winAmount = money(r.win_amount ?? r.winAmount);
  const outcome = text(r.outcome) === 'win' ? 'win' : 'lose';
  return {
    id: numberOrNull(r.id) ?? 0,
    timestamp: text(r.timestamp ?? r.created_at),
    betType: betType(r.betType ?? r.bet_type),
    digit: numberOrNull(r.digit),
    betAmount: money(r.bet_amount ?? r.betAmount),
    multiplier: numberOrNull(r.multiplier) ?? 1,
    stake,
    rolledNumber: numberOrNull(r.rolledNumber ?? r.rolled_number) ?? 0,
    outcome,
    winAmount,
    profit: money(r.profit),
    seedId: numberOrNull(r.seed_id ?? r.seedId),
    nonce: numberOrNull(r.nonce),
    clientSeed: text(r.client_seed ?? r.clientSeed),
    serverSeedHash: text(r.server_seed_hash ?? r.serverSeedHash),
  };
}

function toRollFairness(value: unknown): DigitRollFairness | null {
  if (!isRow(value)) return null;
  return {
    seedId: numberOrNull(value.seed_id),
    serverSeedHash: text(value.server_seed_hash),
    clientSeed: text(value.client_seed),
    nonce: numberOrNull(value.nonce),
    nextNonce: numberOrNull(value.next_nonce),
  };
}

/** A bet's answer; a legacy one without `rolled_number`/`outcome` is read from its newest row. */
export function toBetAnswer(body: unknown): DigitBetAnswer {
  const envelope = row(body);
  const message = text(envelope.message);
  if (envelope.success === false) return { success: false, message };
  const data = row(envelope.data);
  const history = toPage(data.history, toDigitBetRow).items;
  const newest = history[0];
  return {
    success: true,
    message,
    balance: money(data.balance),
    history,
    rolledNumber: numberOrNull(data.rolled_number) ?? newest?.rolledNumber ?? 0,
    outcome: text(data.outcome) === 'win' || (data.outcome === undefined && newest?.outcome === 'win') ? 'win' : 'lose',
    winAmount: money(data.win_amount ?? newest?.winAmount),
    stake: money(data.stake ?? newest?.stake),
    fairness: toRollFairness(data.fairness),
  };
}

function toSeedPair(value: unknown): DigitSeedPair {
  const r = row(value);
  return {
    seedId: numberOrNull(r.seed_id) ?? 0,
    serverSeedHash: text(r.server_seed_hash),
    clientSeed: text(r.client_seed),
    nonce: numberOrNull(r.nonce) ?? 0,
  };
}

function toRevealedSeed(value: unknown): RevealedSeed {
  const r = row(value);
  return {
    seedId: numberOrNull(r.seed_id) ?? 0,
    serverSeed: text(r.server_seed),
    serverSeedHash: text(r.server_seed_hash),
    clientSeed: text(r.client_seed),
    bets: numberOrNull(r.bets) ?? 0,
    createdAt: text(r.created_at),
    revealedAt: text(r.revealed_at),
  };
}

export function toFairness(body: unknown): DigitFairness {
  const data = row(row(body).data ?? body);
  return { current: toSeedPair(data.current), revealed: list(data.revealed).map(toRevealedSeed) };
}

/** A refusal the server answered with its `{ success: false, message }` envelope: nothing moved. */
const isRefusal = (err: unknown): err is ApiError => err instanceof ApiError && (err.status === 400 || err.status === 422);

export function digitBetApi(api: Api) {
  return {
    /** GET /digitbet/history: the newest 20; with a seed, that seed pair's bets (up to 500). */
    async history(seedId?: number): Promise<DigitBetRow[]> {
      const body = await api.request<unknown>('/digitbet/history', { query: seedId === undefined ? {} : { seed_id: seedId } });
      return toPage(body, toDigitBetRow).items;
    },

    /**
     * POST /digitbet. Resolves with the settled roll, or `success: false` with the server's
     * message for a refusal (400/422, or a legacy 200 saying so); anything else rejects.
     */
    async placeBet({ betType, digit, betAmount, multiplier, key }: DigitBetRequest): Promise<DigitBetAnswer> {
      try {
        const body = await api.request<unknown>('/digitbet', {
          method: 'POST',
          body: { bet_type: betType, digit: betType === 'digit' ? digit : null, bet_amount: betAmount, multiplier },
          headers: { 'Idempotency-Key': key },
        });
        return toBetAnswer(body);
      } catch (err) {
        if (isRefusal(err)) return { success: false, message: err.message };
        throw err;
      }
    },

    /** GET /digitbet/fairness: the active seed pair (made on first use) and the revealed ones. */
    async fairness(): Promise<DigitFairness> {
      return toFairness(await api.request<unknown>('/digitbet/fairness'));
    },

    /** POST /digitbet/seed/rotate: reveals the active seed and starts a new pair (422 on a bad client seed). */
    async rotateSeed(clientSeed?: string): Promise<DigitFairness> {
      const body = clientSeed === undefined ? {} : { client_seed: clientSeed };
      return toFairness(await api.request<unknown>('/digitbet/seed/rotate', { method: 'POST', body }));
    },
  };
}

export type DigitBetApi = ReturnType<typeof digitBetApi>;
