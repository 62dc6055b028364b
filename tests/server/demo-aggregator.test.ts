import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, seamlessCalls, seamlessWagers } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { PAYTABLE, payoutHalves, returnToPlayer, spin, type SlotSymbol } from '../../server/demo-providers/aggregator/slot';
import { manualClock } from '../../server/lib/clock';
import { kyat } from '../../server/lib/money';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer, type Player } from './accounts-helpers';
import { GAME, PRODUCT, insertTestCatalogue } from './seamless-helpers';
import { books, expectBalanced, fund } from './wallet-helpers';

describe('demo slot maths', () => {
  it('the paytable returns 95% to the player', () => {
    expect(returnToPlayer()).toBeCloseTo(0.95, 10);
    expect(PAYTABLE.reduce((s, o) => s + o.weight, 0)).toBe(1000);
  });

  it('every outcome lays out reels that pay exactly what was drawn', () => {
    // Walk every weight bucket with a scripted RNG, then many random draws.
    for (let roll = 0; roll < 1000; roll += 7) {
      const script = [roll];
      const rng = (max: number) => (script.length ? script.shift()! % max : Math.floor(Math.random() * max));
      const s = spin(rng);
      expect(payoutHalves(s.reels), `${roll}: ${s.reels.join(' ')}`).toBe(s.halves);
    }
    let paid = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const s = spin();
      expect(payoutHalves(s.reels)).toBe(s.halves);
      paid += s.halves / 2;
    }
    // 20,000 spins: the empirical return is within a few points of 95%.
    expect(paid / n).toBeGreaterThan(0.85);
    expect(paid / n).toBeLessThan(1.05);
  });

  it('the paytable reads reels as the page shows them', () => {
    const pays = (r: SlotSymbol[]) => payoutHalves(r) / 2;
    expect(pays(['SEVEN', 'SEVEN', 'SEVEN'])).toBe(20);
    expect(pays(['BELL', 'BELL', 'BELL'])).toBe(5);
    expect(pays(['DIAMOND', 'DIAMOND', 'DIAMOND'])).toBe(5);
    expect(pays(['LEMON', 'LEMON', 'LEMON'])).toBe(2);
    expect(pays(['SEVEN', 'PLUM', 'SEVEN'])).toBe(0.5);
    expect(pays(['SEVEN', 'PLUM', 'BELL'])).toBe(0);
  });
});

describe.each(dbKinds)('demo aggregator over HTTP (%s)', (kind) => {
  const clock = manualClock('2026-03-10T06:00:00Z');
  let server: TestServer;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    await seedDemo(db());
    await insertTestCatalogue(db());
  });
  afterAll(async () => {
    await server?.close();
  });

  async function launch(p: Player): Promise<string> {
    const res = await server.call('POST', '/api/seamless/launch-game', { token: p.token, body: { game_code: GAME.code, product_code: PRODUCT } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new URL(res.body.url, server.url).searchParams.get('t')!;
  }

  it('serves the slot page: self-contained HTML with the game name, no balance, a way back', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 31_337 });
    const res = await fetch(`${server.url}/demo-aggregator/slot?t=${await launch(p)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    const html = await res.text();
    expect(html).toContain(GAME.name);
    expect(html).toContain('href="/"');
    expect(html).toContain('Back to KyatPlay');
    expect(html).not.toMatch(/31,?337/);
    // No external resources: no http(s) URLs in src/href attributes, no @import.
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).not.toMatch(/@import|<link /);
    for (const bet of ['100', '500', '1,000', '5,000']) expect(html).toContain(`>${bet}</button>`);
  });

  it('the balance call goes through the seamless getbalance callback', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 4_321 });
    const t = await launch(p);
    const before = await db().select().from(seamlessCalls);
    const res = await server.call('POST', '/demo-aggregator/api/balance', { body: { t } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, balance: 4321, game_name: GAME.name });
    const after = await db().select().from(seamlessCalls);
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ endpoint: 'balance' });
  });

  it('each spin debits the bet and credits the win through the callbacks over HTTP', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 100_000 });
    const t = await launch(p);
    let expected = kyat(100_000);
    let wins = 0;
    for (let i = 0; i < 12; i++) {
      const bet = [100, 500, 1000, 5000][i % 4]!;
      const res = await server.call('POST', '/demo-aggregator/api/spin', { body: { t, bet } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { reels, win, multiplier, balance } = res.body;
      expect(res.body.ok).toBe(true);
      expect(reels).toHaveLength(3);
      expect(payoutHalves(reels) / 2).toBe(multiplier);
      expect(win).toBe(bet * multiplier);
      expected += kyat(win) - kyat(bet);
      expect(BigInt(Math.round(balance * 100))).toBe(expected);
      if (win > 0) wins++;
    }
    const b = await books(db(), p.id);
    expect(b.balance).toBe(expected);
    expectBalanced(b);

    const rows = await db()
      .select({ kind: ledger.kind, amount: ledger.amount, reference: ledger.reference })
      .from(ledger)
      .where(and(eq(ledger.userId, p.id), like(ledger.kind, 'game_%')))
      .orderBy(asc(ledger.id));
    expect(rows.filter((r) => r.kind === 'game_bet')).toHaveLength(12);
    expect(rows.filter((r) => r.kind === 'game_win')).toHaveLength(wins);
    for (const r of rows) expect(r.reference).toMatch(new RegExp(`^seamless:${PRODUCT}:demo-`));

    const wagers = await db().select().from(seamlessWagers).where(eq(seamlessWagers.userId, p.id));
    expect(wagers).toHaveLength(12);
    for (const w of wagers) expect(w).toMatchObject({ status: 'settled', gameCode: GAME.code, gameName: GAME.name, productCode: PRODUCT });
    const calls = await db().select({ endpoint: seamlessCalls.endpoint }).from(seamlessCalls);
    expect(calls.filter((c) => c.endpoint === 'withdraw').length).toBeGreaterThanOrEqual(12);
  });

  it('a spin bigger than the balance is refused with the message, and nothing moves', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 400 });
    const t = await launch(p);
    const res = await server.call('POST', '/demo-aggregator/api/spin', { body: { t, bet: 500 } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ ok: false, code: 1001, message: 'Insufficient balance. Move money to your game balance to play.', balance: 400 });
    const b = await books(db(), p.id);
    expect(b.balance).toBe(kyat(400));
    expect(await db().select().from(seamlessWagers).where(eq(seamlessWagers.userId, p.id))).toEqual([]);
  });

  it('only the offered bets are accepted', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 10_000 });
    const t = await launch(p);
    for (const bet of [0, 1, 99, 250, -100, '1000x', null, 100.5]) {
      const res = await server.call('POST', '/demo-aggregator/api/spin', { body: { t, bet } });
      expect(res.status, String(bet)).toBe(422);
    }
    expect((await books(db(), p.id)).balance).toBe(kyat(10_000));
  });
});
