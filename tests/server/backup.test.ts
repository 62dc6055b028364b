import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/client';
import { isWholeTar } from '../../server/db/backup';
import { auditLog } from '../../server/db/schema';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { formatMoney } from '../../server/lib/money';
import { BUSY, ON_POSTGRES, releasing } from '../../server/routes/admin/backup';
import { dbKinds } from '../support/db';
import { splitRefusal } from '../support/server';
import { admin, expectBooksHold, moveMoney, readBooks, startServerProcess, totals, walletsAfter, type Books, type ServerProcess } from './backup-helpers';
import { pngBytes } from './cashier-helpers';
import { ADMIN_TOKEN as OPERATOR_TOKEN, enrolOperator, startOperatorServer } from './operator-helpers';

/**
 * Backup and restore of the embedded database (issue 24 item 6, decision 0030): a real server
 * process on PGlite in its own DATA_DIR, backed up by `npm run admin -- backup` while exchanges and
 * Digit Bets run, restored by `restore` into fresh folders; the copies' books balance, the copy
 * taken with the money stopped equals what the server reports, and the copy taken while money moved
 * is a moment the server passed through. Then the refusals: who may take one, an existing file, a
 * folder that is not empty, a damaged or cut-short file, --offline while the server runs.
 */

const TOKEN = 'backup-test-admin-token-0123456789';
const work = mkdtempSync(join(tmpdir(), 'kp-backup-'));
const dataDir = join(work, 'data');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Opens a restored folder in this process (as a server start would), runs `read`, closes it. */
async function inFolder<T>(dir: string, read: (db: Awaited<ReturnType<typeof openPglite>>['db']) => Promise<T>): Promise<T> {
  const database = await openPglite(dir);
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const printedMoney = (pya: string) => `${formatMoney(BigInt(pya)).replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ',')} Ks`;

describe('backup and restore of a running demo install (PGlite)', () => {
  let server: ServerProcess;
  let env: Record<string, string>;
  const tokens: string[] = [];
  let receipt = '';

  async function call(method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(server.url + path, {
      method,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  }

  /** A registered player with a deposit of `amount` Ks approved by the cashier API (one with a receipt image). */
  async function fundedPlayer(phone: string, amount: number, withReceipt: boolean): Promise<string> {
    const reg = await call('POST', '/api/register', null, { name: 'Backup Player', phone, password: 'secret123', password_confirmation: 'secret123', referral_code: 'DEMO2026' });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const token: string = reg.body.data.token;
    const banks = await call('GET', '/api/banks', token);
    const form = new FormData();
    form.append('agent_payment_type_id', String(banks.body.data[0].id));
    form.append('amount', String(amount));
    form.append('refrence_no', phone.slice(-6));
    if (withReceipt) form.append('receipt', new Blob([pngBytes(4096)]), 'receipt.png');
    const dep = await fetch(`${server.url}/api/depositfinicial`, { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, body: form });
    const deposit = (await dep.json()) as any;
    expect(dep.status, JSON.stringify(deposit)).toBe(200);
    if (withReceipt) receipt = deposit.data.receipt;
    const approved = await call('POST', `/api/admin/deposits/${deposit.data.id}/approve`, TOKEN, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return token;
  }

  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_TOKEN: TOKEN, SEED_DEMO: '1', REGISTER_MAX_PER_IP: '1000', REGISTER_POW_AFTER_PER_IP: '1000' });
    env = { ADMIN_URL: server.url, ADMIN_TOKEN: TOKEN, DATA_DIR: dataDir };
    const demo = await call('POST', '/api/login', null, { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD });
    expect(demo.status).toBe(200);
    tokens.push(demo.body.data.token, await fundedPlayer('09777000101', 20_000, true), await fundedPlayer('09777000102', 30_000, false));
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** What the server reports through its admin API: every player's wallets. */
  async function reportedWallets(): Promise<Map<number, [bigint, bigint]>> {
    const res = await call('GET', '/api/admin/players?per_page=100', TOKEN);
    const pya = (text: string) => BigInt(text.replace('.', ''));
    return new Map(res.body.data.data.map((p: any) => [p.id, [pya(p.balance), pya(p.main_balance)]]));
  }

  it(
    'backs up while money moves and again once it stops; both restore to balanced books, the second equal to the server, the first a moment it passed through',
    async () => {
      const money = moveMoney(tokens, (path, token, body, headers) => call('POST', path, token, body, headers));
      await money.until(10);
      const before = money.moves();
      const moving = await admin(['backup', join(work, 'moving.tar.gz')], env);
      const during = money.moves() - before;
      await money.stop();
      expect(moving.code, moving.stderr).toBe(0);
      expect(during, 'money kept moving while the backup was taken').toBeGreaterThan(0);

      const still = await admin(['backup', join(work, 'still.tar.gz')], env);
      expect(still.code, still.stderr).toBe(0);
      expect(still.stdout).toContain(`sha256   ${sha256(join(work, 'still.tar.gz'))}`);
      expect(still.stdout).toMatch(/size {5}[\d,]+ bytes \(gzip; the database folder is [\d,]+ bytes\)/);
      const reported = await reportedWallets();

      for (const name of ['moving', 'still']) {
        const run = await admin(['restore', join(work, `${name}.tar.gz`), '--data-dir', join(work, `restored-${name}`)], env);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toContain('every wallet equals the sum of its ledger rows; none is negative');
        expect(run.stdout).toContain(`set DATA_DIR=${join(work, `restored-${name}`)}`);
      }

      // Money stopped: the copy is the server's state exactly, and the restore printed its figures.
      const [stillBooks, stillTotals] = await inFolder(join(work, 'restored-still'), async (db) => [await readBooks(db), await totals(db)] as const);
      expectBooksHold(stillBooks);
      expect(stillBooks.wallets).toEqual(reported);
      expect(stillBooks.wallets.size).toBe(3);
      const printed = (await admin(['restore', join(work, 'still.tar.gz'), '--data-dir', join(work, 'again')], env)).stdout;
      expect(printed).toContain(`players       ${stillTotals.players.toLocaleString('en-US')}`);
      expect(printed).toContain(`ledger rows   ${stillBooks.ledger.length.toLocaleString('en-US')}`);
      expect(printed).toContain(`game wallets  ${printedMoney(stillTotals.game)}`);
      expect(printed).toContain(`main wallets  ${printedMoney(stillTotals.main)}`);
      // The deposit receipt (DATA_DIR/uploads) came along, byte for byte.
      expect(readFileSync(join(work, 'restored-still', 'uploads', 'receipts', receipt))).toEqual(readFileSync(join(dataDir, 'uploads', 'receipts', receipt)));

      // Money moving: the copy's ledger is the start of the later one, its wallets where those rows left them.
      const movingBooks: Books = await inFolder(join(work, 'restored-moving'), readBooks);
      expectBooksHold(movingBooks);
      const lastId = movingBooks.ledger.at(-1)!.id;
      const prefix = stillBooks.ledger.filter((row) => row.id <= lastId);
      expect(movingBooks.ledger).toEqual(prefix);
      expect(movingBooks.wallets).toEqual(walletsAfter(prefix, stillBooks.wallets.keys()));
      expect(prefix.length, 'money moved after the first copy').toBeLessThan(stillBooks.ledger.length);
    },
    600_000,
  );

  it('refuses to replace an existing file unless --force, and leaves it as it was', async () => {
    const file = join(work, 'kept.tar.gz');
    writeFileSync(file, 'an earlier backup');
    const refused = await admin(['backup', file], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${file} already exists; give a new name, or --force to replace it`);
    expect(readFileSync(file, 'utf8')).toBe('an earlier backup');
    expect(readdirSync(work).filter((f) => f.includes('.partial'))).toEqual([]);
    const usage = await admin(['backup'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('error: backup needs a <file>');
    expect(usage.stderr).toContain('restore <file> [--data-dir DIR]');
    expect((await admin(['restore', file, '--force'], env)).stderr).toContain('error: unexpected "--force"');
    const nowhere = await admin(['backup', join(work, 'no-such-folder', 'x.tar.gz')], env);
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain(`the folder ${join(work, 'no-such-folder')} does not exist`);

    const forced = await admin(['backup', file, '--force'], env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(isWholeTar(gunzipSync(readFileSync(file)))).toBe(true);
  }, 300_000);

  it('restores only into an empty folder, and refuses a damaged or cut-short file with a clear message', async () => {
    const taken = await admin(['backup', join(work, 'good.tar.gz')], env);
    expect(taken.code, taken.stderr).toBe(0);
    const good = readFileSync(join(work, 'good.tar.gz'));
    const occupied = join(work, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'notes.txt'), 'keep me');
    const intoFull = await admin(['restore', join(work, 'good.tar.gz'), '--data-dir', occupied], env);
    expect(intoFull.code).toBe(1);
    expect(intoFull.stderr).toContain(`${occupied} is not empty: restore into a new folder (--data-dir DIR), never over a database`);
    expect(readdirSync(occupied)).toEqual(['notes.txt']);

    const missing = await admin(['restore', join(work, 'no-such.tar.gz'), '--data-dir', join(work, 'from-missing')], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`cannot read ${join(work, 'no-such.tar.gz')}`);
    expect(existsSync(join(work, 'from-missing'))).toBe(false);

    const flipped = Buffer.from(good);
    for (let i = 0; i < 64; i++) flipped[Math.floor(flipped.length / 2) + i]! ^= 0xff;
    const tar = gunzipSync(good);
    const cases: [string, Buffer, string][] = [
      ['cut.tar.gz', good.subarray(0, Math.floor(good.length * 0.6)), 'is damaged or incomplete (gzip: unexpected end of file)'],
      ['flipped.tar.gz', flipped, 'is damaged or incomplete (gzip:'],
      ['short-tar.tar.gz', gzipSync(tar.subarray(0, Math.floor(tar.length / 2 / 512) * 512)), 'is not a complete backup'],
      ['not-a-backup.tar.gz', Buffer.from('hello, this is not a backup\n'.repeat(100)), 'is not a complete backup'],
    ];
    for (const [name, bytes, message] of cases) {
      writeFileSync(join(work, name), bytes);
      const target = join(work, `from-${name}`);
      const run = await admin(['restore', join(work, name), '--data-dir', target], env);
      expect(run.code, name).toBe(1);
      expect(run.stderr, name).toContain(`${join(work, name)} ${message}`);
      expect(existsSync(target), `${name}: nothing left behind`).toBe(false);
    }
  }, 300_000);

  it('--offline refuses while the server answers; once the server is stopped it copies DATA_DIR, to the same books', async () => {
    const whileRunning = await admin(['backup', join(work, 'offline.tar.gz'), '--offline'], env);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toContain(`a server answers at ${server.url}: while it runs, back up through it (leave out --offline).`);
    expect(existsSync(join(work, 'offline.tar.gz'))).toBe(false);

    const before = await reportedWallets();
    expect(await server.stop()).toBe(0);
    expect(existsSync(join(dataDir, 'postmaster.pid')), 'the server closed its database cleanly').toBe(false);
    const offline = await admin(['backup', join(work, 'offline.tar.gz'), '--offline'], env);
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout).toContain(`from     ${dataDir}`);
    const restored = await admin(['restore', join(work, 'offline.tar.gz'), '--data-dir', join(work, 'restored-offline')], env);
    expect(restored.code, restored.stderr).toBe(0);
    const books = await inFolder(join(work, 'restored-offline'), readBooks);
    expectBooksHold(books);
    expect(books.wallets).toEqual(before);

    // A folder some process still holds (its postmaster.pid is there) is refused.
    writeFileSync(join(dataDir, 'postmaster.pid'), '-42\n');
    const held = await admin(['backup', join(work, 'held.tar.gz'), '--offline'], env);
    expect(held.code).toBe(1);
    expect(held.stderr).toContain('is open in another process (its postmaster.pid exists)');
    rmSync(join(dataDir, 'postmaster.pid'));
  }, 300_000);
});

describe.each(dbKinds)('GET /api/admin/backup (%s): the owner alone, audited', (kind) => {
  let started: Awaited<ReturnType<typeof startOperatorServer>>;
  beforeAll(async () => {
    started = await startOperatorServer(kind);
  }, 120_000);
  afterAll(async () => {
    await started?.server.close();
  });

  it('answers 401 without credentials and 403 to every role but the owner', async () => {
    const { server, clock } = started;
    expect((await fetch(`${server.url}/api/admin/backup`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/admin/backup`, { headers: { authorization: 'Bearer not-the-token-at-all' } })).status).toBe(401);
    for (const role of ['cashier', 'content', 'two_d'] as const) {
      const op = await enrolOperator(server, clock, role);
      const res = await fetch(`${server.url}/api/admin/backup`, { headers: { authorization: `Bearer ${op.token}` } });
      expect(res.status, role).toBe(403);
      expect(splitRefusal(await res.json()).refusal?.code).toBe('admin.forbidden');
    }
  });

  it(kind === 'pglite' ? "gives an owner a whole gzip'd copy, checksummed, and records who took it" : 'refuses on PostgreSQL, pointing to pg_dump', async () => {
    const { server, clock } = started;
    const owner = await enrolOperator(server, clock, 'owner');
    const res = await fetch(`${server.url}/api/admin/backup`, { headers: { authorization: `Bearer ${owner.token}` } });
    if (kind === 'postgres') {
      expect(res.status).toBe(409);
      expect(((await res.json()) as any).message).toBe(ON_POSTGRES);
      return;
    }
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    const tar = gunzipSync(Buffer.from(await res.arrayBuffer()));
    expect(isWholeTar(tar)).toBe(true);
    expect(res.headers.get('x-backup-tar-bytes')).toBe(String(tar.length));
    expect(res.headers.get('x-backup-tar-sha256')).toBe(createHash('sha256').update(tar).digest('hex'));
    const rows = await server.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'database.backup'), eq(auditLog.actorName, owner.userName)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toEqual({ tar_bytes: tar.length, tar_sha256: res.headers.get('x-backup-tar-sha256') });
  });
});

describe('GET /api/admin/backup on PGlite: one copy at a time', () => {
  let server: Awaited<ReturnType<typeof startOperatorServer>>['server'];
  beforeAll(async () => {
    ({ server } = await startOperatorServer('pglite'));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('takes one copy at a time: a second is refused while the first is unread, and a HEAD takes none', async () => {
    const headers = { authorization: `Bearer ${OPERATOR_TOKEN}` };
    const url = `${server.url}/api/admin/backup`;
    expect((await fetch(url, { method: 'HEAD', headers })).status).toBe(405);
    const first = await fetch(url, { headers });
    expect(first.status).toBe(200);
    const second = await fetch(url, { headers });
    expect(second.status).toBe(409);
    expect(((await second.json()) as any).message).toBe(BUSY);
    expect(isWholeTar(gunzipSync(Buffer.from(await first.arrayBuffer())))).toBe(true);
    const third = await fetch(url, { headers });
    expect(third.status).toBe(200);
    await third.body!.cancel();
  });
});

describe('a backup transfer frees the next one', () => {
  const source = () => new Blob([new Uint8Array(200_000)]).stream() as ReadableStream<Uint8Array>;
  /** A copy that never ends: only a cancel or a stall can free its slot. */
  const endless = () => new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(new Uint8Array(1024)) });

  it('once read to the end, once cancelled (the client left), or once stalled, and only once', async () => {
    let released = 0;
    await new Response(releasing(source(), () => released++)).arrayBuffer();
    expect(released).toBe(1);

    const left = releasing(endless(), () => released++).getReader();
    await left.read();
    await left.cancel();
    expect(released).toBe(2);

    const stalled = releasing(endless(), () => released++, 50).getReader();
    await stalled.read();
    expect(released).toBe(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(released).toBe(3);
    await expect(stalled.read()).rejects.toThrow('the backup transfer stalled');
    await stalled.cancel().catch(() => undefined);
    expect(released).toBe(3);
  });
});
