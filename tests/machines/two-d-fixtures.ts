/** 2D payloads shared by the path models (shapes from ../shared/api-contract.md and src/api/types.ts). */
import type { DailyWinners, LiveSnapshot, NumberAvailability, TwoDAvailability, TwoDDraft, TwoDSession } from '../../src/api/types';
import { ALL_NUMBERS } from '../../src/lib/two-d/shortcuts';

/** A live snapshot whose number is `twod` (SET 1,346.23 and value 57,388.58 give 38). */
export function liveSnapshot(twod = '38', time = '12:01:00'): LiveSnapshot {
  return {
    live: { twod, date: '2026-11-20', time },
    serverTime: `2026-11-20 ${time}`,
    result: [{ openTime: '12:01:00', set: '1,346.23', value: '57,388.58', twod: '38' }],
  };
}

/** 55 is full (its break staked), 77 closed by an operator; every other number open. */
export const FULL = '55';
export const CLOSED = '77';

function numberRow(num: string): NumberAvailability {
  if (num === FULL) return { num, breakAmount: 50000, staked: 50000, remaining: 0, closed: false };
  if (num === CLOSED) return { num, breakAmount: 50000, staked: 0, remaining: 50000, closed: true };
  return { num, breakAmount: 50000, staked: 1500, remaining: 48500, closed: false };
}

export function availabilityOf(session: TwoDSession, status = 'open'): TwoDAvailability {
  return {
    date: '2026-11-20',
    session,
    status,
    closesAt: session === 'morning' ? '2026-11-20T05:25:00.000Z' : '2026-11-20T09:25:00.000Z',
    opensAt: null,
    numbers: ALL_NUMBERS.map(numberRow),
  };
}

/** A stored selection: 12 and 21 at 500. */
export const storedDraft: TwoDDraft = { totalAmount: 1000, amounts: [{ num: '12', amount: 500 }, { num: '21', amount: 500 }] };

const draw = (session: TwoDSession, winners: number) => ({
  date: '2026-11-20',
  session,
  winDigit: session === 'morning' ? '38' : '05',
  winners: Array.from({ length: winners }, (_, i) => ({ memberName: `Player ${i + 1}`, betAmount: '500.00', winAmount: '40000.00' })),
});

export const drawWithWinners = (session: TwoDSession): DailyWinners => ({ draw: draw(session, 2), latestResults: [] });
export const drawWithoutWinners = (session: TwoDSession): DailyWinners => ({ draw: draw(session, 0), latestResults: [] });
export const latestResults: DailyWinners = { draw: null, latestResults: [draw('evening', 1), draw('morning', 0)] };
export const noResults: DailyWinners = { draw: null, latestResults: [] };
