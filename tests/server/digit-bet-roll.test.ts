import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { english } from '../../server/i18n/refusals';
import { Refusal } from '../../server/domain/refusal';
import { parseClientSeed, parseDigitBet } from '../../server/domain/digit-bet/input';
import { payoutsFrom, resultMessage } from '../../server/domain/digit-bet/outcome';
import { hashServerSeed, isClientSeed, newClientSeed, newServerSeed } from '../../server/domain/digit-bet/roll';
import { testEnv } from '../../server/env';

/**
 * The pure parts of Digit Bet: the roll (known vectors shared with the browser verifier, a
 * uniformity test), the outcome and payout of every case, and the input rules.
 */

/** docs/digit-bet.md § Known vectors; the browser verifier's test checks the same three. */
const KNOWN_VECTORS = [
  {
    serverSeed: '0000000000000000000000000000000000000000000000000000000000000000',
    hash: '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
    clientSeed: 'client',
    nonce: 0,
    digit: 3,
  },
  {
    serverSeed: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    hash: '4884fdaafea47c29fea7159d0daddd9c085d6200e1359e85bb81736af6b7c837',
    clientSeed: 'kyatplay',
    nonce: 42,
    digit: 1,
  },
  {
    serverSeed: 'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
    hash: 'af9613760f72635fbdb44a5a0a63c39f12af30f950a6ee5c971be188e89c4051',
    clientSeed: 'my-seed_2024!',
    nonce: 999,
    digit: 9,
  },
];

/** The algorithm as domain-notes.md words it, written independently of the server's code. */
function referenceRoll(serverSeedHex: string, clientSeed: string, nonce: number): number {
  const b = createHmac('sha256', Buffer.from(serverSeedHex, 'hex')).update(`${clientSeed}:${nonce}`).digest();
  const f = b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4;
  return Math.floor(f * 10);
}

/** Pearson's χ² of digit counts against a uniform distribution over 0–9. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0);
}
/** χ² critical value for 9 degrees of freedom at significance 0.001. */
const CHI2_CRITICAL_9DF_0001 = 27.877;

function countDigits(digits: Iterable<number>): number[] {
  const counts = Array<number>(10).fill(0);
  for (const d of digits) counts[d]! += 1;
  return counts;
}

describe('digit roll', () => {
  it.each(KNOWN_VECTORS)('known vector: seed $serverSeed commits to $hash, and rolls $digit for "$clientSeed" at nonce $nonce', (v) => {
    // The roll itself is the database's (tests/server/digit-bet-sql.test.ts); the reference here is the document's.
    expect(referenceRoll(v.serverSeed, v.clientSeed, v.nonce)).toBe(v.digit);
    expect(hashServerSeed(v.serverSeed)).toBe(v.hash);
  });

  it('the commitment is SHA-256 of the seed BYTES (not of its hex text)', () => {
    const seed = newServerSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(hashServerSeed(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
    expect(hashServerSeed(seed)).not.toBe(createHash('sha256').update(seed).digest('hex'));
  });

  it('default client seeds are 16 hex characters; client seeds are 1–64 printable ASCII without spaces', () => {
    expect(newClientSeed()).toMatch(/^[0-9a-f]{16}$/);
    expect(isClientSeed('a')).toBe(true);
    expect(isClientSeed('!~'.repeat(32))).toBe(true);
    expect(isClientSeed('x'.repeat(65))).toBe(false);
    expect(isClientSeed('')).toBe(false);
    expect(isClientSeed('has space')).toBe(false);
    expect(isClientSeed('မြန်မာ')).toBe(false);
  });

  it('the same chi-square check fails a badly biased sequence (so the check can fail)', () => {
    // 100,000 digits where 0 comes up 11% of the time and 9 only 9%.
    const counts = [11_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 9_000];
    expect(chiSquare(counts)).toBeGreaterThan(CHI2_CRITICAL_9DF_0001);
    // And a sequence built by a biased roll: floor(f² × 10) favours the low digits.
    const seed = newServerSeed();
    const biased = (function* () {
      for (let n = 0; n < 100_000; n++) {
        const b = createHmac('sha256', Buffer.from(seed, 'hex')).update(`c:${n}`).digest();
        yield Math.floor((b.readUInt32BE(0) / 2 ** 32) ** 2 * 10);
      }
    })();
    expect(chiSquare(countDigits(biased))).toBeGreaterThan(CHI2_CRITICAL_9DF_0001);
  });
});

describe('digit bet payouts and result words', () => {
  const payouts = payoutsFrom(testEnv());

  it('uses the configured payouts (defaults 5×, 10× for a 5 on a 5, 2×)', () => {
    expect(payouts).toEqual({ digit: 5n, five: 10n, bigSmall: 2n });
    expect(payoutsFrom(testEnv({ DIGIT_PAYOUT_DIGIT: 7, DIGIT_PAYOUT_FIVE: 11, DIGIT_PAYOUT_BIG_SMALL: 3 }))).toEqual({
      digit: 7n,
      five: 11n,
      bigSmall: 3n,
    });
  });

  it('words the result', () => {
    expect(resultMessage('win', 7)).toBe('You Won! The number was 7.');
    expect(resultMessage('lose', 0)).toBe('You Lost! The number was 0.');
  });
});

describe('digit bet input', () => {
  const parse = (body: Record<string, unknown>, max = 1_000_000) => parseDigitBet(body, max);
  function errorsOf(body: Record<string, unknown>, max = 1_000_000) {
    try {
      parse(body, max);
    } catch (err) {
      // The domain refuses with codes; these are their English words (server/i18n/refusals.ts).
      if (err instanceof Refusal && err.kind === 'invalid') return Object.fromEntries(Object.entries(err.fieldErrors ?? {}).map(([f, ms]) => [f, ms.map(english)]));
      throw err;
    }
    return undefined;
  }

  it('reads a digit bet, a big/small bet, numeric strings and two decimals; ignores rolled_number and outcome', () => {
    expect(parse({ bet_type: 'digit', digit: 7, bet_amount: 10, multiplier: 5, rolled_number: 7, outcome: 'win' })).toEqual({
      betType: 'digit',
      digit: 7,
      betAmount: 1_000n,
      multiplier: 5,
      stake: 5_000n,
    });
    expect(parse({ bet_type: 'big', digit: null, bet_amount: 1.25, multiplier: 100 })).toMatchObject({ stake: 12_500n, digit: null });
    expect(parse({ bet_type: 'small', bet_amount: '2.5', multiplier: '3' })).toMatchObject({ betAmount: 250n, stake: 750n });
    expect(parse({ bet_type: 'small', digit: '', bet_amount: 1, multiplier: 1 })).toMatchObject({ digit: null });
    expect(parse({ bet_type: 'digit', digit: '0', bet_amount: 1, multiplier: 1 })).toMatchObject({ digit: 0 });
  });

  it('stake may reach the maximum exactly, not pass it', () => {
    expect(parse({ bet_type: 'big', bet_amount: 10_000, multiplier: 100 }).stake).toBe(100_000_000n);
    expect(errorsOf({ bet_type: 'big', bet_amount: 10_000.01, multiplier: 100 })).toEqual({ bet_amount: ['Maximum stake is 1,000,000 Ks'] });
    expect(errorsOf({ bet_type: 'big', bet_amount: 60, multiplier: 1 }, 50)).toEqual({ bet_amount: ['Maximum stake is 50 Ks'] });
  });

  it('client seeds for a rotation', () => {
    expect(parseClientSeed({})).toBeUndefined();
    expect(parseClientSeed({ client_seed: null })).toBeUndefined();
    expect(parseClientSeed({ client_seed: '  ' })).toBeUndefined();
    expect(parseClientSeed({ client_seed: ' lucky-7 ' })).toBe('lucky-7');
    const refusalOf = (body: Record<string, unknown>) => {
      try {
        parseClientSeed(body);
      } catch (err) {
        if (err instanceof Refusal && err.kind === 'invalid') return (err.fieldErrors?.client_seed ?? []).map(english);
        throw err;
      }
      return undefined;
    };
    expect(refusalOf({ client_seed: 'a b' })).toEqual(['The client seed field may only contain printable ASCII characters without spaces.']);
    expect(refusalOf({ client_seed: 'x'.repeat(65) })).toEqual(['The client seed field must not be greater than 64 characters.']);
    expect(refusalOf({ client_seed: 5 })).toEqual(['The client seed field must be a string.']);
  });
});
