import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../support/admin-cli';
import { dbKinds } from '../support/db';
import { registerPlayer, type Player } from './accounts-helpers';
import { ADMIN_TOKEN, demoAccounts, fund, gameBalance, paymentTypeId, startCashierServer, type CashierServer } from './cashier-helpers';


const cli = runAdminCli;

describe.each(dbKinds)('operator CLI (%s)', (kind) => {
  let server: CashierServer;
  let player: Player;
  let depositId: number;
  let withdrawalId: number;
  let env: Record<string, string>;

  beforeAll(async () => {
    server = await startCashierServer(kind, { env: { ADMIN_TOKEN } });
    env = { ADMIN_URL: server.url, ADMIN_TOKEN };
    const db = server.database.db;
    player = await registerPlayer(server);
    const accounts = await demoAccounts(db);
    const dep = await server.call('POST', '/api/depositfinicial', {
      token: player.token,
      body: { agent_payment_type_id: accounts.KBZPay, amount: 1_234_567, refrence_no: '482913' },
    });
    depositId = dep.body.data.id;
    await fund(db, player.id, 50_000);
    const wd = await server.call('POST', '/api/withdrawfinicial', {
      token: player.token,
      body: { payment_type_id: await paymentTypeId(db, 'WavePay'), account_name: 'Ma Aye', account_number: '09781234567', amount: 10_000, password: player.password },
    });
    withdrawalId = wd.body.data.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists pending deposits as a table', async () => {
    const run = await cli(['deposits', 'list'], env);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^\s*ID\s+STATUS\s+PLAYER\s+AMOUNT Ks\s+BANK\s+ACCOUNT\s+REF\s+RECEIPT\s+CREATED \(Yangon\)\s+NOTE$/);
    const row = lines.find((l) => l.includes('482913'))!;
    expect(row).toContain(String(depositId));
    expect(row).toContain('pending');
    expect(row).toContain(player.userName);
    expect(row).toContain('1,234,567.00');
    expect(row).toContain('KBZPay');
    expect(run.stdout).toContain('page 1 of 1; 1 in all (status: pending)');
  });

  it('approves a deposit once; a second approval fails with a non-zero exit', async () => {
    const run = await cli(['deposits', 'approve', String(depositId), '--note', 'checked in KBZ app'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Deposit approved.');
    expect(run.stdout).toContain('approved');
    expect(run.stdout).toContain('checked in KBZ app');
    expect(await gameBalance(server.database.db, player.id)).toBe(4_000_000n + 123_456_700n);

    const again = await cli(['deposits', 'approve', String(depositId)], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('This deposit request is already approved.');
    expect(await gameBalance(server.database.db, player.id)).toBe(4_000_000n + 123_456_700n);

    const empty = await cli(['deposits', 'list', '--status', 'pending'], env);
    expect(empty.stdout).toContain('No pending deposits.');
  });

  it('rejects a withdrawal, releasing the hold', async () => {
    const list = await cli(['withdrawals', 'list', '--status=all'], env);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('09781234567');
    const run = await cli(['withdrawals', 'reject', String(withdrawalId), '--note', 'wrong name'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Withdrawal rejected.');
    expect(await gameBalance(server.database.db, player.id)).toBe(5_000_000n + 123_456_700n);
  });

  it('prints help, refuses bad usage with exit 2 and a wrong token with exit 1', async () => {
    const help = await cli(['help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('deposits approve <id>');
    const usage = await cli(['deposits', 'approve'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('approve needs a numeric <id>');
    const noToken = await cli(['deposits', 'list'], { ADMIN_URL: server.url });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('ADMIN_TOKEN is not set');
    const wrong = await cli(['deposits', 'list'], { ADMIN_URL: server.url, ADMIN_TOKEN: 'x'.repeat(32) });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('HTTP 401');
  });
});
