/** Payloads for the Digit Bet models and tests (shapes from docs/digit-bet.md and api-contract.md). */
import type { DigitBetAnswer, DigitBetRow, DigitBetType } from '../../src/api/types';
import type { RollRequest } from '../../src/machines/digit-bet/digit-bet-rules';

/** The fixed clock of the path models: 21 Nov 2026, 13:00 in Yangon. */
export const T0 = Date.UTC(2026, 10, 21, 6, 30);
export const START_BALANCE = '50000.00';

const toPya = (money: string) => BigInt(money.replace('.', ''));
const toMoney = (pya: bigint) => {
  const sign = pya < 0n ? '-' : '';
  const abs = (pya < 0n ? -pya : pya).toString().padStart(3, '0');
  return `${sign}${abs.slice(0, -2)}.${abs.slice(-2)}`;
};

/** The rules of docs/digit-bet.md: digit 5× (a 5 on a rolled 5 pays 10×), Big/Small 2×. */
export function wins(betType: DigitBetType, digit: number | null, rolled: number): boolean {
  if (betType === 'digit') return rolled === digit;
  return betType === 'small' ? rolled <= 4 : rolled >= 5;
}

function payout(betType: DigitBetType, digit: number | null, rolled: number): bigint {
  if (!wins(betType, digit, rolled)) return 0n;
  if (betType !== 'digit') return 2n;
  return digit === 5 ? 10n : 5n;
}

export function historyRow(id: number, request: RollRequest, rolled: number): DigitBetRow {
  const stake = BigInt(Math.round(request.betAmount * request.multiplier * 100));
  const win = stake * payout(request.betType, request.digit, rolled);
  return {
    id,
    timestamp: new Date(T0 + id * 60_000).toISOString(),
    betType: request.betType,
    digit: request.digit,
    betAmount: toMoney(BigInt(Math.round(request.betAmount * 100))),
    multiplier: request.multiplier,
    stake: toMoney(stake),
    rolledNumber: rolled,
    outcome: win > 0n ? 'win' : 'lose',
    winAmount: toMoney(win),
    profit: toMoney(win - stake),
    seedId: 1,
    nonce: id - 1,
    clientSeed: 'lucky-client',
    serverSeedHash: 'a'.repeat(64),
  };
}

/** Three earlier bets, newest first, as GET /digitbet/history sends them. */
export const earlierBets: DigitBetRow[] = [
  historyRow(3, { betType: 'big', digit: null, betAmount: 20, multiplier: 5 }, 8),
  historyRow(2, { betType: 'digit', digit: 4, betAmount: 1, multiplier: 1 }, 9),
  historyRow(1, { betType: 'small', digit: null, betAmount: 10, multiplier: 10 }, 3),
];

/** The server's settled answer to `request` rolling `rolled`, after `balance`. */
export function settledAnswer(request: RollRequest, rolled: number, balance: string | null, history: DigitBetRow[]): DigitBetAnswer {
  const row = historyRow((history[0]?.id ?? 0) + 1, request, rolled);
  const after = toPya(balance ?? START_BALANCE) + toPya(row.profit);
  return {
    success: true,
    message: `You ${row.outcome === 'win' ? 'Won' : 'Lost'}! The number was ${rolled}.`,
    balance: toMoney(after),
    history: [row, ...history].slice(0, 20),
    rolledNumber: rolled,
    outcome: row.outcome,
    winAmount: row.winAmount,
    stake: row.stake,
    fairness: { seedId: 1, serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce, nextNonce: (row.nonce ?? 0) + 1 },
  };
}
