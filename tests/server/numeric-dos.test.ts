import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed';
import { parseDigitBet } from '../../server/domain/digit-bet/input';
import { parseBetInput } from '../../server/domain/two-d/betting-input';
import { normaliseSetIndex, withThousands } from '../../server/domain/two-d/number-rule';
import { parseMoney } from '../../server/lib/money';
import { NUMERIC_TEXT_MAX, isIntegerText, isNumericText, numericParts } from '../../server/lib/numeric-text';
import { parseRange } from '../../server/routes/media/range';
import { checkWholeKyat } from '../../server/routes/wallet/amount';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer, type Player } from './accounts-helpers';
import { books, fund } from './wallet-helpers';

/**
 * Finding 5 (issue 11): amount patterns such as /^\d+\.?\d*$/ backtracked quadratically on long
 * digit strings — a 32,708-digit `totalAmount` cost 1.4 s of CPU and eight at once stalled every
 * other request for 5.6 s. Every numeric text is now capped before any pattern runs, and the
 * patterns are unambiguous. The old code takes seconds on these inputs; the bounds here are ms.
 */

const DIGITS = (n: number) => '1'.repeat(n);
/** A long run of digits that fails at its very end: the worst case for a backtracking pattern. */
const EVIL = (n: number) => `${DIGITS(n)}x`;

function timed(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

describe('numeric text is read in linear time', () => {
  it('the shared reader agrees with Laravel`s numeric on ordinary input', () => {
    for (const ok of ['1', '+1', '-1', '1.', '.5', '1.5', '1e3', '1E-3', '0012']) expect(isNumericText(ok), ok).toBe(true);
    for (const bad of ['', '.', '+', '-', 'e3', '1e', '1.2.3', '0x10', 'Infinity', ' 1', '1 ', '١']) expect(isNumericText(bad), bad).toBe(false);
    expect(isNumericText('1e3', { exponent: false })).toBe(false);
    expect(numericParts('-12.50e+2')).toEqual({ sign: '-', whole: '12', fraction: '50', exponent: '+2' });
    expect(isIntegerText('-42')).toBe(true);
    expect(isIntegerText('4.2')).toBe(false);
    expect(isNumericText(DIGITS(NUMERIC_TEXT_MAX))).toBe(true);
    expect(isNumericText(DIGITS(NUMERIC_TEXT_MAX + 1))).toBe(false);
  });

  it('200,000-character attacks cost milliseconds in every numeric reader', () => {
    const n = 200_000;
    const attacks: [string, () => void][] = [
      ['isNumericText', () => isNumericText(EVIL(n))],
      ['wallet amount', () => checkWholeKyat('amount', EVIL(n))],
      ['2D totalAmount', () => expect(() => parseBetInput({ amounts: [{ num: '05', amount: 100 }], totalAmount: EVIL(n) })).toThrow()],
      ['2D line amount', () => expect(() => parseBetInput({ amounts: [{ num: '05', amount: `${DIGITS(n)}.x` }], totalAmount: 100 })).toThrow()],
      ['digit bet amount', () => expect(() => parseDigitBet({ bet_type: 'big', bet_amount: EVIL(n), multiplier: 1 }, 1_000_000)).toThrow()],
      ['digit bet multiplier', () => expect(() => parseDigitBet({ bet_type: 'big', bet_amount: 1, multiplier: EVIL(n) }, 1_000_000)).toThrow()],
      ['money', () => expect(() => parseMoney(EVIL(n))).toThrow(RangeError)],
      ['SET figure', () => expect(() => normaliseSetIndex(`${DIGITS(n)}.1x`)).toThrow(RangeError)],
      ['thousands', () => withThousands(DIGITS(n))],
      ['Range header', () => parseRange(`bytes=${' '.repeat(n)}x`, 1000)],
    ];
    for (const [name, attack] of attacks) expect(timed(attack), name).toBeLessThan(100);
  });

  it('an over-long amount gets Laravel`s length message, not a parse', () => {
    expect(checkWholeKyat('amount', DIGITS(40))).toEqual({ ok: false, message: 'The amount field must not be greater than 32 characters.' });
    expect(withThousands('1234567.50')).toBe('1,234,567.50');
    expect(withThousands(DIGITS(7))).toBe('1,111,111');
  });
});

describe.each(dbKinds)('long numeric fields over HTTP (%s)', (kind) => {
  let server: TestServer;
  let player: Player;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await seedDemo(server.database.db);
    player = await registerPlayer(server);
    await fund(server.database.db, player.id, { main: 1_000, game: 1_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('eight 32 KB-digit bets at once are refused in milliseconds, and other players are not kept waiting', async () => {
    const before = await books(server.database.db, player.id);
    // 32,700 digits and a stray letter: the finding's request, just under the 2D body limit.
    const evil = { amounts: [{ num: '05', amount: 100 }], totalAmount: EVIL(32_700) };
    const started = performance.now();
    const burst = Array.from({ length: 8 }, () => server.call('POST', '/api/twod-bet', { token: player.token, body: evil }));
    // An unrelated request sent during the burst.
    const probeStart = performance.now();
    const probe = await server.call('GET', '/healthz');
    const probeMs = performance.now() - probeStart;
    const answers = await Promise.all(burst);
    const burstMs = performance.now() - started;

    expect(probe.status).toBe(200);
    for (const res of answers) {
      expect(res.status).toBe(422);
      expect(res.body.errors.totalAmount).toEqual(['The total amount field must not be greater than 32 characters.']);
    }
    // Before the fix the burst took over 5 s of CPU and the probe waited for it.
    expect(burstMs).toBeLessThan(2_000);
    expect(probeMs).toBeLessThan(1_000);
    expect(await books(server.database.db, player.id)).toEqual(before);
  });

  it('the wallet and Digit Bet refuse long digit strings with one message each', async () => {
    const exchange = await server.call('POST', '/api/exchange-main-to-game', { token: player.token, body: { amount: EVIL(16_000) } });
    expect(exchange.status).toBe(422);
    expect(exchange.body.errors).toEqual({ amount: ['The amount field must not be greater than 32 characters.'] });

    const digit = await server.call('POST', '/api/digitbet', { token: player.token, body: { bet_type: 'big', bet_amount: EVIL(3_900), multiplier: 1 } });
    expect(digit.status).toBe(422);
    expect(digit.body.errors).toEqual({ bet_amount: ['The bet amount field must not be greater than 32 characters.'] });
  });
});
