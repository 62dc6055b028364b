import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { agents, digitSeeds, users } from '../../server/db/schema';
import { createTestDatabase, dbKinds } from '../support/db';

/**
 * The roll and the payout as the database computes them (migration 0014, decision 0025): every
 * bet is rolled and settled by kp_digit_bet, so these are the game's rules. Checked against the
 * document's known vectors, an HMAC-SHA256 written here from the document, a chi-square test,
 * and the payout table of docs/digit-bet.md.
 */

/** docs/digit-bet.md § Known vectors; the browser verifier's test checks the same three. */
const KNOWN_VECTORS = [
  { serverSeed: '0'.repeat(64), clientSeed: 'client', nonce: 0, digit: 3 },
  { serverSeed: '0123456789abcdef'.repeat(4), clientSeed: 'kyatplay', nonce: 42, digit: 1 },
  { serverSeed: 'f'.repeat(64), clientSeed: 'my-seed_2024!', nonce: 999, digit: 9 },
];

/** The algorithm as domain-notes.md words it. */
function referenceRoll(serverSeedHex: string, clientSeed: string, nonce: number): number {
  const b = createHmac('sha256', Buffer.from(serverSeedHex, 'hex')).update(`${clientSeed}:${nonce}`).digest();
  const f = b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4;
  return Math.floor(f * 10);
}

/** χ² critical value for 9 degrees of freedom at significance 0.001. */
const CHI2_CRITICAL_9DF_0001 = 27.877;
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0);
}

describe.each(dbKinds)('Digit Bet in SQL (%s)', (kind) => {
  let database: Database;
  const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
    const result = (await database.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  };

  /** Rolls of (seed, client seed, nonce) triples, through the padded keys as a pair stores them. */
  async function sqlRolls(triples: { s: string; c: string; n: number }[]): Promise<(number | null)[]> {
    const out = await rows<{ d: number | null }>(sql`
      select kp_digit_roll(kp_hmac_key_pad(t.v->>'s', 54), kp_hmac_key_pad(t.v->>'s', 92), t.v->>'c', (t.v->>'n')::int) as d
        from jsonb_array_elements(${JSON.stringify(triples)}::jsonb) with ordinality as t(v, i)
       order by t.i`);
    return out.map((r) => (r.d === null ? null : Number(r.d)));
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each(KNOWN_VECTORS)('known vector: client seed "$clientSeed", nonce $nonce → $digit', async (v) => {
    expect(await sqlRolls([{ s: v.serverSeed, c: v.clientSeed, n: v.nonce }])).toEqual([v.digit]);
    expect(referenceRoll(v.serverSeed, v.clientSeed, v.nonce)).toBe(v.digit);
  });

  it('matches HMAC-SHA256 for 2,000 random seeds, client seeds (printable ASCII, 1–64) and nonces', async () => {
    const printable = (len: number) => Array.from({ length: len }, () => String.fromCharCode(0x21 + Math.floor(Math.random() * 94))).join('');
    const triples = Array.from({ length: 2_000 }, () => ({
      s: randomBytes(32).toString('hex'),
      c: printable(1 + Math.floor(Math.random() * 64)),
      n: Math.floor(Math.random() * 2_000_000_000),
    }));
    expect(await sqlRolls(triples)).toEqual(triples.map((t) => referenceRoll(t.s, t.c, t.n)));
  });

  it('a seed that is not 64 lowercase hex characters has no keys, and rolls nothing', async () => {
    expect(await sqlRolls([{ s: '00', c: 'c', n: 0 }, { s: 'AA'.repeat(32), c: 'c', n: 0 }, { s: 'g'.repeat(64), c: 'c', n: 0 }])).toEqual([null, null, null]);
  });

  it('100,000 rolls (one random pair, nonces 0–99,999) are uniform over 0–9: chi-square < 27.877 (9 df, 0.001)', async () => {
    const seed = randomBytes(32).toString('hex');
    const counted = await rows<{ d: number; n: string }>(sql`
      select kp_digit_roll(k.i, k.o, 'uniform', g.n) as d, count(*)::text as n
        from (select kp_hmac_key_pad(${seed}, 54) as i, kp_hmac_key_pad(${seed}, 92) as o) k, generate_series(0, 99999) as g(n)
       group by 1 order by 1`);
    expect(counted.map((r) => Number(r.d))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const counts = counted.map((r) => Number(r.n));
    expect(chiSquare(counts), `counts ${counts.join(', ')}; seed ${seed}`).toBeLessThan(CHI2_CRITICAL_9DF_0001);
  });

  it("a pair's stored keys follow its server seed, whatever writes it", async () => {
    const [agent] = await database.db.insert(agents).values({ name: 'SQL test', referralCode: `SQL${kind}` }).returning({ id: agents.id });
    const [user] = await database.db.insert(users).values({ userName: `sql-${kind}`, name: 'SQL', agentId: agent!.id }).returning({ id: users.id });
    const first = randomBytes(32).toString('hex');
    // Keys written by hand are replaced by the seed's own.
    await database.db.execute(sql`insert into digit_seeds (user_id, server_seed, server_seed_hash, client_seed, hmac_inner, hmac_outer)
                                  values (${user!.id}, ${first}, 'h', 'c', '\\x00'::bytea, '\\x00'::bytea)`);
    const rollOfPair = async () =>
      (await rows<{ d: number }>(sql`select kp_digit_roll(hmac_inner, hmac_outer, client_seed, 7) as d from digit_seeds where user_id = ${user!.id}`))[0]!.d;
    expect(Number(await rollOfPair())).toBe(referenceRoll(first, 'c', 7));
    // A nonce moves, the keys stay; a new seed brings new keys.
    await database.db.execute(sql`update digit_seeds set nonce = nonce + 1 where user_id = ${user!.id}`);
    expect(Number(await rollOfPair())).toBe(referenceRoll(first, 'c', 7));
    let second = randomBytes(32).toString('hex');
    while (referenceRoll(second, 'c', 7) === referenceRoll(first, 'c', 7)) second = randomBytes(32).toString('hex');
    await database.db.update(digitSeeds).set({ serverSeed: second }).where(sql`user_id = ${user!.id}`);
    expect(Number(await rollOfPair())).toBe(referenceRoll(second, 'c', 7));
  });

  /** docs/digit-bet.md: a win pays stake × payout; digit 5×, digit 5 on a rolled 5 10×, Big (5–9) and Small (0–4) 2×. */
  const cases: { type: string; digit: number | null; rolled: number; win: bigint }[] = [];
  const stake = 1_000n;
  for (let rolled = 0; rolled <= 9; rolled++) {
    for (let digit = 0; digit <= 9; digit++) cases.push({ type: 'digit', digit, rolled, win: digit === rolled ? (rolled === 5 ? 10_000n : 5_000n) : 0n });
    cases.push({ type: 'small', digit: null, rolled, win: rolled <= 4 ? 2_000n : 0n });
    cases.push({ type: 'big', digit: null, rolled, win: rolled >= 5 ? 2_000n : 0n });
  }

  async function sqlWins(list: typeof cases, payouts: [number, number, number]): Promise<bigint[]> {
    const out = await rows<{ w: string }>(sql`
      select kp_digit_win(t.v->>'type', (t.v->>'digit')::int, (t.v->>'rolled')::int, ${stake.toString()}::bigint,
                          ${payouts[0]}::bigint, ${payouts[1]}::bigint, ${payouts[2]}::bigint)::text as w
        from jsonb_array_elements(${JSON.stringify(list.map(({ win: _, ...c }) => c))}::jsonb) with ordinality as t(v, i)
       order by t.i`);
    return out.map((r) => BigInt(r.w));
  }

  it('pays every case of the payout table (120 cases, default payouts)', async () => {
    expect(await sqlWins(cases, [5, 10, 2])).toEqual(cases.map((c) => c.win));
  });

  it('configured payouts apply', async () => {
    const some = [
      { type: 'digit', digit: 3, rolled: 3, win: 7_000n },
      { type: 'digit', digit: 5, rolled: 5, win: 11_000n },
      { type: 'big', digit: null, rolled: 9, win: 3_000n },
      { type: 'small', digit: null, rolled: 0, win: 3_000n },
      { type: 'small', digit: null, rolled: 5, win: 0n },
    ];
    expect(await sqlWins(some, [7, 11, 3])).toEqual(some.map((c) => c.win));
  });
});
