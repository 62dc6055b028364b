import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import type { TestDbKind } from '../support/db';
import {
  agentPaymentAccounts,
  agents,
  depositRequests,
  ledger,
  paymentTypes,
  userPayments,
  users,
  withdrawRequests,
} from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { applyMovements, ledgerSum } from '../../server/domain/ledger';
import type { Env } from '../../server/env';
import type { Clock } from '../../server/lib/clock';
import { kyat } from '../../server/lib/money';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer, type Player } from './accounts-helpers';
import { splitRefusal } from '../support/server';

/** Shared pieces of the cashier and admin tests: a seeded server, players, money, images, snapshots. */

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface CashierServer extends TestServer {
  uploadDir: string;
}

export async function startCashierServer(
  kind: TestDbKind,
  opts: { env?: Partial<Env>; clock?: Clock } = {},
): Promise<CashierServer> {
  const uploadDir = await mkdtemp(join(tmpdir(), 'kyatplay-uploads-'));
  const server = await startTestServer(kind, {
    clock: opts.clock,
    env: { UPLOAD_DIR: uploadDir, LOGIN_MAX_PER_USER: 1000, LOGIN_MAX_PER_IP: 10_000, ...opts.env },
  });
  await seedDemo(server.database.db);
  return {
    ...server,
    uploadDir,
    async close() {
      await server.close();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}

/** The demo agent's accounts by payment type name. */
export async function demoAccounts(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ id: agentPaymentAccounts.id, type: paymentTypes.name })
    .from(agentPaymentAccounts)
    .innerJoin(paymentTypes, eq(paymentTypes.id, agentPaymentAccounts.paymentTypeId))
    .innerJoin(agents, eq(agents.id, agentPaymentAccounts.agentId))
    .where(eq(agents.referralCode, 'DEMO2026'));
  return Object.fromEntries(rows.map((r) => [r.type, r.id]));
}

export async function paymentTypeId(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: paymentTypes.id }).from(paymentTypes).where(eq(paymentTypes.name, name));
  return row!.id;
}

/** A second agent with one KBZPay account (and an inactive WavePay one), and a player under it. */
export async function otherAgent(server: TestServer) {
  const db = server.database.db;
  const [agent] = await db.insert(agents).values({ name: 'Other Agent', referralCode: 'OTHER777' }).returning();
  const [active] = await db
    .insert(agentPaymentAccounts)
    .values({ agentId: agent!.id, paymentTypeId: await paymentTypeId(db, 'KBZPay'), accountName: 'Daw Su Su', accountNo: '09111222333' })
    .returning();
  const [inactive] = await db
    .insert(agentPaymentAccounts)
    .values({ agentId: agent!.id, paymentTypeId: await paymentTypeId(db, 'WavePay'), accountName: 'U Ba', accountNo: '09444555666', status: 0 })
    .returning();
  const player = await registerPlayer(server, { referral_code: 'OTHER777' });
  return { agentId: agent!.id, accountId: active!.id, inactiveAccountId: inactive!.id, player };
}

/** Credits a player's game balance through the ledger, as an approved deposit would. */
export async function fund(db: Db, userId: number, wholeKyat: number) {
  await db.transaction((tx) =>
    applyMovements(tx, userId, [{ wallet: 'game', amount: kyat(wholeKyat), kind: 'deposit', reference: 'test' }]),
  );
}

export async function gameBalance(db: Db, userId: number): Promise<bigint> {
  const [row] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return row!.balance;
}

export async function expectBooksBalanced(db: Db, userId: number) {
  expect(await ledgerSum(db, userId, 'game')).toBe(await gameBalance(db, userId));
}

export async function receiptFiles(uploadDir: string): Promise<string[]> {
  try {
    return (await readdir(join(uploadDir, 'receipts'))).sort();
  } catch {
    return [];
  }
}

/** Everything a cashier request could write. */
export async function snapshot(db: Db, uploadDir: string) {
  const n = async (table: typeof depositRequests | typeof withdrawRequests | typeof userPayments | typeof ledger) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  const [balances] = await db.select({ sum: sql<string>`coalesce(sum(${users.balance} + ${users.mainBalance}), 0)::text` }).from(users);
  return {
    deposits: await n(depositRequests),
    withdrawals: await n(withdrawRequests),
    userPayments: await n(userPayments),
    ledger: await n(ledger),
    balances: balances!.sum,
    files: await receiptFiles(uploadDir),
  };
}

export async function expectNothingWritten(server: CashierServer, act: () => Promise<void>) {
  const before = await snapshot(server.database.db, server.uploadDir);
  await act();
  expect(await snapshot(server.database.db, server.uploadDir)).toEqual(before);
}

/** POST a multipart form (fields and files) with the player's token. */
export async function postForm(server: TestServer, path: string, token: string, fields: Record<string, string | Blob>, fileName?: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, v, fileName ?? 'receipt.png');
  }
  const res = await fetch(server.url + path, { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, body: form });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, ...splitRefusal(body) };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real, decodable PNG (2×2 KyatPlay blue), optionally padded with a text chunk to `size` bytes. */
export function pngBytes(size?: number): Uint8Array<ArrayBuffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = [0, 0x00, 0x57, 0xa8, 0x00, 0x57, 0xa8];
  const idat = deflateSync(Buffer.from([...row, ...row]));
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', idat)];
  const base = parts.reduce((n, p) => n + p.length, 0) + 12;
  if (size !== undefined && size > base + 12 + 4) {
    parts.push(pngChunk('tEXt', Buffer.concat([Buffer.from('pad\0'), Buffer.alloc(size - base - 12 - 4, 0x61)])));
  }
  parts.push(pngChunk('IEND', Buffer.alloc(0)));
  const out = Buffer.concat(parts);
  return new Uint8Array(out.buffer.slice(out.byteOffset, out.byteOffset + out.length) as ArrayBuffer);
}

export type { Player };
