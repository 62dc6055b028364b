/**
 * Server conditions of the 2D bet paths, arranged for real: a rival player stakes the rest of a
 * number's break through POST /twod-bet (the number is full), the operator closes a number or
 * lowers its break through the admin API, the server's clock passes a cut-off, the player moves
 * their main balance away through the exchange. Shared rows and the clock are put back when the
 * path ends. Also: answering the held grid loads and bets, and the money checks.
 */
import { expect } from 'vitest';
import type { TwoDLine, TwoDSession } from '../../../../src/api/types';
import type { Release } from '../held-requests';
import { asOperator, breakOf, drawDate, numberFacts, seedPlayer, slipsOf, walletsOf, type TwoDWorld } from './two-d-world';

/** The numbers the plan's grid has full (55) and closed by an operator (77). */
export const FULL = '55';
export const CLOSED = '77';

const facts = (w: TwoDWorld, session: TwoDSession) => numberFacts(w.h.server.database.db, drawDate(w.clock), session);

/** A rival player stakes what is left of `num`'s break in the session's draw of today. */
export async function fillUp(w: TwoDWorld, session: TwoDSession, num: string) {
  const known = await facts(w, session);
  const rest = breakOf(known, num) - (known.staked.get(num) ?? 0n);
  if (rest <= 0n) return;
  const whole = Number(rest / 100n);
  const rival = await seedPlayer(w.h, w.clock, { main: whole });
  const body = { totalAmount: whole, amounts: [{ num, amount: whole }], session };
  const res = await w.h.server.call('POST', '/api/twod-bet', { token: rival.token, body, headers: { 'idempotency-key': `rival-${rival.id}` } });
  expect(res.status, `the rival's bet on ${num}: ${JSON.stringify(res.body)}`).toBe(200);
}

/** The operator closes `num` (reopened when the path ends). */
export async function closeNumber(w: TwoDWorld, session: TwoDSession, num: string) {
  if ((await facts(w, session)).closed.has(num)) return;
  await asOperator(w, 'POST', '/closures', { kind: 'number', value: num });
  w.cleanups.push(async () => void (await asOperator(w, 'DELETE', '/closures', { kind: 'number', value: num })));
}

/** The operator lowers each number's break below what is staked on it plus the player's line. */
export async function lowerBreaksBelow(w: TwoDWorld, session: TwoDSession, lines: TwoDLine[], nums: string[]) {
  const known = await facts(w, session);
  for (const num of nums) {
    const line = lines.find((l) => l.num === num)!;
    const staked = Number((known.staked.get(num) ?? 0n) / 100n);
    await asOperator(w, 'PUT', `/limits/${num}`, { break_amount: staked + line.amount - 1 });
    w.cleanups.push(async () => void (await asOperator(w, 'DELETE', `/limits/${num}`)));
  }
}

/** The server's clock passes the session's cut-off (11:55 or 15:55 Yangon); put back when the path ends. */
export function passCutoff(w: TwoDWorld, session: TwoDSession) {
  const was = w.clock.now();
  w.clock.set(`${drawDate(w.clock)}T${session === 'morning' ? '11:56' : '15:56'}:00+06:30`);
  w.cleanups.push(async () => w.clock.set(was));
}

/** The player moves the whole main balance to the game wallet, through the real exchange. */
export async function spendMain(w: TwoDWorld) {
  if (w.main === 0n) return;
  const amount = Number(w.main / 100n);
  const headers = { 'idempotency-key': `two-d-path-spend-${w.player.id}` };
  const res = await w.h.server.call('POST', '/api/exchange-main-to-game', { token: w.player.token, body: { amount }, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  w.game += w.main;
  w.main = 0n;
}

/** Answers every held grid load as `how` (the page's latest is the one it reads) and holds the next. */
export async function answerGrid(w: TwoDWorld, how: Release, status: number) {
  const answers = await w.grid.release(how);
  w.grid.arm();
  expect(answers.map((a) => a.status), 'the grid load was answered as the step says').toEqual(answers.map(() => status));
}

/** Answers the held bet; the real status must be the one the step names. */
export async function answerBet(w: TwoDWorld, how: Release, status: number) {
  const [answer] = await w.submit.release(how);
  expect(answer!.status, `the server answered ${JSON.stringify(answer!.body)}`).toBe(status);
}

/** After a refusal or a failure: the balances are what they were and no slip was added. */
export async function expectNothingMoved(w: TwoDWorld) {
  expect(await walletsOf(w), 'the balances did not move').toEqual({ main: w.main, game: w.game });
  expect((await slipsOf(w)).length, 'no slip was written').toBe(w.placed.length);
}

/**
 * After the server placed the bet (api-contract: 2D stakes come from the main balance): the main
 * balance went down by exactly the total, the game balance did not move, and the slip with one
 * bet row per line exists for the draw the bet joined. The world records the slip.
 */
export async function expectPlaced(w: TwoDWorld, session: TwoDSession, lines: TwoDLine[]) {
  const total = BigInt(lines.reduce((sum, l) => sum + l.amount, 0)) * 100n;
  expect(await walletsOf(w), 'the main balance paid the total stake').toEqual({ main: w.main - total, game: w.game });
  const slips = await slipsOf(w);
  expect(slips.length, 'one slip more').toBe(w.placed.length + 1);
  const bets = [...lines].sort((a, b) => a.num.localeCompare(b.num)).map((l) => `${l.num}×${l.amount}`);
  expect(slips.at(-1)).toEqual({ session, drawDate: drawDate(w.clock), total, before: w.main, after: w.main - total, bets });
  w.placed.push({ session, lines, before: w.main });
  w.main -= total;
}
