import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed';
import { periodRange } from '../../server/routes/games/game-logs';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { UNAUTHENTICATED, registerPlayer, type Player } from './accounts-helpers';
import { GAME, OTHER_GAME, OTHER_PRODUCT, PRODUCT, callback, insertTestCatalogue, signedBody, txId } from './seamless-helpers';
import { fund } from './wallet-helpers';

/** Yangon wall-clock time → the instant (UTC+06:30). */
const yangon = (local: string) => new Date(new Date(`${local}Z`).getTime() - (6 * 60 + 30) * 60 * 1000);

describe('game log periods (Yangon, weeks from Monday)', () => {
  it('today, yesterday, this week and last week around midnight and Monday', () => {
    const wed = yangon('2026-01-07T00:10:00');
    expect(periodRange('today', wed)).toMatchObject({ from: '2026-01-07', to: '2026-01-07', start: yangon('2026-01-07T00:00:00'), end: yangon('2026-01-08T00:00:00') });
    expect(periodRange('yesterday', wed)).toMatchObject({ from: '2026-01-06', to: '2026-01-06' });
    expect(periodRange('this_week', wed)).toMatchObject({ from: '2026-01-05', to: '2026-01-11' });
    expect(periodRange('last_week', wed)).toMatchObject({ from: '2025-12-29', to: '2026-01-04' });
    // 23:50 on Tuesday in Yangon is already Tuesday 17:20 UTC, still "today" there.
    expect(periodRange('today', yangon('2026-01-06T23:50:00'))).toMatchObject({ from: '2026-01-06' });
    // Monday just after midnight: a new week.
    const mon = yangon('2026-01-05T00:00:30');
    expect(periodRange('this_week', mon)).toMatchObject({ from: '2026-01-05', to: '2026-01-11' });
    expect(periodRange('last_week', mon)).toMatchObject({ from: '2025-12-29', to: '2026-01-04' });
    expect(periodRange('yesterday', mon)).toMatchObject({ from: '2026-01-04', to: '2026-01-04' });
    // Sunday late evening: still the week that began on Monday.
    expect(periodRange('this_week', yangon('2026-01-11T23:59:59'))).toMatchObject({ from: '2026-01-05', to: '2026-01-11' });
  });
});

describe.each(dbKinds)('GET /player/game-logs (%s)', (kind) => {
  const clock = manualClock(yangon('2026-01-07T12:00:00'));
  let server: TestServer;
  let player: Player;
  const db = () => server.database.db;

  /** One settled spin at a Yangon time, through the callbacks. */
  async function spinAt(p: Player, local: string, game: { code: string }, product: number, bet: number, prize: number) {
    clock.set(yangon(local));
    const wager = txId('wager');
    const entry = (transactions: object[]) => [{ member_account: p.userName, product_code: product, transactions }] as never;
    const placed = await callback(
      server,
      'withdraw',
      signedBody('withdraw', entry([{ id: txId(), action: 'BET', amount: bet, wager_code: wager, game_code: game.code }]), { now: clock.now() }),
    );
    expect(placed.data[0]!.code).toBe(0);
    const settled = await callback(
      server,
      'deposit',
      signedBody('deposit', entry([{ id: txId(), action: 'SETTLED', amount: prize, wager_code: wager, game_code: game.code }]), { now: clock.now() }),
    );
    expect(settled.data[0]!.code).toBe(0);
    return wager;
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    await seedDemo(db());
    await insertTestCatalogue(db());
    player = await registerPlayer(server);
    await fund(db(), player.id, { game: 100_000 });

    await spinAt(player, '2026-01-07T00:10:00', GAME, PRODUCT, 1000, 0); // today (Wed), just after midnight
    await spinAt(player, '2026-01-06T23:50:00', GAME, PRODUCT, 500, 1200); // yesterday, just before midnight
    await spinAt(player, '2026-01-05T00:00:30', OTHER_GAME, OTHER_PRODUCT, 100, 50); // Monday: this week
    await spinAt(player, '2026-01-04T23:59:00', GAME, PRODUCT, 200, 0); // Sunday: last week
    await spinAt(player, '2025-12-29T00:05:00', OTHER_GAME, OTHER_PRODUCT, 300, 600); // last Monday: last week
    await spinAt(player, '2025-12-28T23:59:00', GAME, PRODUCT, 5000, 0); // the week before: nowhere
    await spinAt(player, '2026-01-07T08:00:00', OTHER_GAME, OTHER_PRODUCT, 100, 0); // today, later: listed first

    // Not settled, cancelled, or someone else's: never in the logs.
    clock.set(yangon('2026-01-07T09:00:00'));
    const open = { id: txId(), action: 'BET', amount: 700, wager_code: txId('open'), game_code: GAME.code };
    await callback(server, 'withdraw', signedBody('withdraw', [{ member_account: player.userName, transactions: [open] }], { now: clock.now() }));
    const cancelledWager = txId('cancelled');
    await callback(server, 'withdraw', signedBody('withdraw', [{ member_account: player.userName, transactions: [{ ...open, id: txId(), wager_code: cancelledWager }] }], { now: clock.now() }));
    await callback(server, 'deposit', signedBody('deposit', [{ member_account: player.userName, transactions: [{ id: txId(), action: 'CANCEL', amount: 700, wager_code: cancelledWager, game_code: GAME.code }] }], { now: clock.now() }));
    const other = await registerPlayer(server);
    await fund(db(), other.id, { game: 10_000 });
    await spinAt(other, '2026-01-07T10:00:00', GAME, PRODUCT, 900, 0);

    clock.set(yangon('2026-01-07T12:00:00'));
  });
  afterAll(async () => {
    await server?.close();
  });

  const logs = (type?: string, p: Player = player) =>
    server.call('GET', `/api/player/game-logs${type === undefined ? '' : `?type=${type}`}`, { token: p.token });

  it('today: only what settled since 00:00 Yangon, most recently played first', async () => {
    const res = await logs('today');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'Request was successful.',
      message: null,
      data: [
        { game_name: OTHER_GAME.name, spin_count: 1, turnover: '100.00', total_payout: '0.00', win_loss: '-100.00', from: '2026-01-07', to: '2026-01-07' },
        { game_name: GAME.name, spin_count: 1, turnover: '1000.00', total_payout: '0.00', win_loss: '-1000.00', from: '2026-01-07', to: '2026-01-07' },
      ],
    });
    expect((await logs()).body.data).toEqual(res.body.data); // today is the default
  });

  it('yesterday: the 23:50 spin, not the 00:10 one', async () => {
    expect((await logs('yesterday')).body.data).toEqual([
      { game_name: GAME.name, spin_count: 1, turnover: '500.00', total_payout: '1200.00', win_loss: '700.00', from: '2026-01-06', to: '2026-01-06' },
    ]);
  });

  it('this week: Monday 00:00 Yangon onwards, per game, most recently played first', async () => {
    expect((await logs('this_week')).body.data).toEqual([
      { game_name: OTHER_GAME.name, spin_count: 2, turnover: '200.00', total_payout: '50.00', win_loss: '-150.00', from: '2026-01-05', to: '2026-01-11' },
      { game_name: GAME.name, spin_count: 2, turnover: '1500.00', total_payout: '1200.00', win_loss: '-300.00', from: '2026-01-05', to: '2026-01-11' },
    ]);
  });

  it('last week: the previous Monday to Sunday', async () => {
    expect((await logs('last_week')).body.data).toEqual([
      { game_name: GAME.name, spin_count: 1, turnover: '200.00', total_payout: '0.00', win_loss: '-200.00', from: '2025-12-29', to: '2026-01-04' },
      { game_name: OTHER_GAME.name, spin_count: 1, turnover: '300.00', total_payout: '600.00', win_loss: '300.00', from: '2025-12-29', to: '2026-01-04' },
    ]);
  });

  it('follows the clock: on Monday just after midnight the week is new', async () => {
    clock.set(yangon('2026-01-05T00:10:00'));
    try {
      expect((await logs('today')).body.data.map((r: any) => [r.game_name, r.spin_count])).toEqual([[OTHER_GAME.name, 1]]);
      expect((await logs('yesterday')).body.data.map((r: any) => [r.game_name, r.turnover])).toEqual([[GAME.name, '200.00']]);
      expect((await logs('last_week')).body.data.map((r: any) => r.game_name)).toEqual([GAME.name, OTHER_GAME.name]);
    } finally {
      clock.set(yangon('2026-01-07T12:00:00'));
    }
  });

  it('a spin through the demo aggregator lands in today', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 5_000 });
    clock.set(yangon('2026-01-07T11:30:00'));
    try {
      const launch = await server.call('POST', '/api/seamless/launch-game', { token: p.token, body: { game_code: GAME.code, product_code: PRODUCT } });
      const t = new URL(launch.body.url, server.url).searchParams.get('t');
      const spin = await server.call('POST', '/demo-aggregator/api/spin', { body: { t, bet: 500 } });
      expect(spin.status, JSON.stringify(spin.body)).toBe(200);
      const [row] = (await logs('today', p)).body.data;
      expect(row).toMatchObject({ game_name: GAME.name, spin_count: 1, turnover: '500.00', total_payout: `${spin.body.win}.00` });
      expect((await logs('yesterday', p)).body.data).toEqual([]);
    } finally {
      clock.set(yangon('2026-01-07T12:00:00'));
    }
  });

  it('another type is 422; logged out is 401; a new player has no rows', async () => {
    const bad = await logs('month');
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ message: 'The selected type is invalid.', errors: { type: ['The selected type is invalid.'] } });
    expect((await server.call('GET', '/api/player/game-logs')).body).toEqual(UNAUTHENTICATED);
    const fresh = await registerPlayer(server);
    expect((await logs('this_week', fresh)).body.data).toEqual([]);
  });
});
