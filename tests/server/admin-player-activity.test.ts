import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../server/db/schema';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { registerPlayer, type Player } from './accounts-helpers';
import type { CashierServer } from './cashier-helpers';
import { enrolOperator, startOperatorServer, type Clock, type Operator } from './operator-helpers';
import { fund } from './wallet-helpers';

/**
 * A player's profile in the console (issue 17): their latest Digit Bets as they placed them, and a
 * one-time password reset — shown once, the old password and every session end, the audit keeps
 * no trace of the password; a content operator can do neither.
 */
describe.each(dbKinds)('player activity and password reset (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  let cashier: Operator;
  let content: Operator;
  let player: Player;

  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer(kind, { clock: manualClock('2026-03-10T06:00:00Z') }));
    cashier = await enrolOperator(server, clock, 'cashier');
    content = await enrolOperator(server, clock, 'content');
    player = await registerPlayer(server, { name: 'Ko Aung' });
    await fund(server.database.db, player.id, { game: 10_000 });
  });
  afterAll(() => server?.close());

  const admin = (method: string, path: string, op: Operator = cashier) => server.call(method, `/api/admin${path}`, { token: op.token, body: method === 'POST' ? {} : undefined });

  it('lists the Digit Bets the player placed, newest first, with stake, roll and win', async () => {
    const placed = [];
    for (const body of [{ bet_type: 'big', bet_amount: 100, multiplier: 1 }, { bet_type: 'digit', digit: 7, bet_amount: 50, multiplier: 2 }]) {
      const res = await server.call('POST', '/api/digitbet', { token: player.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      placed.push(res.body.data);
    }
    const res = await admin('GET', `/players/${player.id}/activity`);
    expect(res.status).toBe(200);
    const bets = res.body.data.digit_bets as { bet_type: string; digit: number | null; stake: string; rolled: number; win: string }[];
    expect(bets.map((b) => [b.bet_type, b.digit, b.stake, b.rolled, b.win])).toEqual([
      ['digit', 7, '100.00', placed[1].rolled_number, placed[1].win_amount],
      ['big', null, '100.00', placed[0].rolled_number, placed[0].win_amount],
    ]);
    expect(res.body.data.slips).toEqual([]);
    expect(res.body.data.game_rounds).toEqual([]);
    expect((await admin('GET', '/players/999999/activity')).status).toBe(404);
    expect((await admin('GET', `/players/${player.id}/activity`, content)).status).toBe(403);
  });

  it('sets a one-time password shown once: the old password and every session end, the new one signs in', async () => {
    expect((await admin('POST', `/players/${player.id}/password-reset`, content)).status).toBe(403);
    const res = await admin('POST', `/players/${player.id}/password-reset`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const password = res.body.data.password as string;
    expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{10}$/);

    expect((await server.call('GET', '/api/user', { token: player.token })).status).toBe(401);
    const old = await server.call('POST', '/api/login', { body: { user_name: player.userName, password: player.password } });
    expect(old.status).not.toBe(200);
    const fresh = await server.call('POST', '/api/login', { body: { user_name: player.userName, password } });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);

    const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'player.password_reset'));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(password);
    // A second reset gives another password.
    const again = await admin('POST', `/players/${player.id}/password-reset`);
    expect(again.body.data.password).not.toBe(password);
    expect((await admin('POST', '/players/999999/password-reset')).status).toBe(404);
  });
});
