import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../support/admin-cli';
import { registerPlayer, type Player } from './accounts-helpers';
import type { CashierServer } from './cashier-helpers';
import { ADMIN_TOKEN, enrolOperator, startOperatorServer, type Clock } from './operator-helpers';

/** `npm run admin -- adjust …` as an operator runs it: a separate process over HTTP (PGlite: the wiring; the money rules are adjustments.test.ts). */
describe('adjustments from the CLI', () => {
  let server: CashierServer;
  let clock: Clock;
  let player: Player;
  const cli = (...args: string[]) => runAdminCli(args, { ADMIN_URL: server.url, ADMIN_TOKEN });
  const mainBalance = async () => {
    const { rows } = (await server.database.db.execute(sql.raw(`select main_balance::text as m from users where id = ${player.id}`))) as unknown as { rows: { m: string }[] };
    return BigInt(rows[0]!.m);
  };

  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer('pglite', { env: { ADJUSTMENT_SECOND_APPROVAL_KYAT: 10_000 } }));
    player = await registerPlayer(server);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('credits a bonus by user name, prints the key; the same command with --key moves nothing again', async () => {
    const before = await mainBalance();
    const run = await cli('adjust', 'credit', player.userName, '--wallet', 'main', '--kind', 'bonus', '--amount', '2500', '--reason', 'First-deposit bonus');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Adjustment #\d+ applied\./);
    expect(run.stdout).toMatch(/applied\s+#\d+\s+main\s+bonus\s+2,500\.00\s+First-deposit bonus\s+admin-token/);
    const key = /Idempotency-Key: (\S+)/.exec(run.stdout)![1]!;
    expect(await mainBalance()).toBe(before + 250_000n);

    const again = await cli('adjust', 'credit', player.userName, '--wallet', 'main', '--kind', 'bonus', '--amount', '2500', '--reason', 'First-deposit bonus', '--key', key);
    expect(again.code, again.stderr).toBe(0);
    expect(await mainBalance()).toBe(before + 250_000n);
  }, 90_000);

  it('a debit below zero exits 1 with the refusal; bad usage exits 2', async () => {
    const run = await cli('adjust', 'debit', String(player.id), '--wallet', 'game', '--kind', 'correction', '--amount', '999999', '--reason', 'too much');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/HTTP 409: The wallet holds only/);
    expect((await cli('adjust', 'credit', String(player.id), '--wallet', 'main')).code).toBe(2);
    expect((await cli('adjust', 'approve', 'x')).code).toBe(2);
  }, 90_000);

  it('at the threshold it waits: listed as pending; the token cannot approve its own; a finance operator in the console could; reject works', async () => {
    const before = await mainBalance();
    const run = await cli('adjust', 'credit', String(player.id), '--wallet', 'main', '--kind', 'goodwill', '--amount', '10000', '--reason', 'Outage goodwill');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/waits for a second operator's approval/);
    const id = /Adjustment #(\d+)/.exec(run.stdout)![1]!;
    const list = await cli('adjust', 'list');
    expect(list.stdout).toMatch(new RegExp(`^${id}\\s+pending\\s+.*Outage goodwill`, 'm'));
    const self = await cli('adjust', 'approve', id);
    expect(self.code).toBe(1);
    expect(self.stderr).toMatch(/different operator must approve/);
    const finance = await enrolOperator(server, clock, 'finance');
    const approved = await server.call('POST', `/api/admin/adjustments/${id}/approve`, { token: finance.token, body: {} });
    expect(approved.status).toBe(200);
    expect(await mainBalance()).toBe(before + 1_000_000n);
    const applied = await cli('adjust', 'list', '--status', 'applied', '--player', String(player.id));
    expect(applied.stdout).toMatch(new RegExp(`^${id}\\s+applied\\s+.*Outage goodwill\\s+admin-token\\s+${finance.userName}`, 'm'));

    const second = await cli('adjust', 'credit', String(player.id), '--wallet', 'game', '--kind', 'bonus', '--amount', '20000', '--reason', 'Mistake');
    const id2 = /Adjustment #(\d+)/.exec(second.stdout)![1]!;
    const rejected = await cli('adjust', 'reject', id2);
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(rejected.stdout).toMatch(/rejected; nothing moved/);
  }, 120_000);
});
