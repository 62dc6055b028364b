import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { ledger, shanTransactions } from '../../server/db/schema';
import { signedBody } from '../../server/domain/shan/sign';
import { testEnv } from '../../server/env';
import type { Clock } from '../../server/lib/clock';
import type { TestServer } from '../support/server';

/** Shared pieces of the Shan tests: signed callbacks, a stand-in HTTP party, the player's rows. */

export const SHAN_SECRET = testEnv().SHAN_SECRET_KEY!;
export const OPERATOR = 'a3h1';

/** POSTs a signed callback (operator a3h1, request_time = the clock's now unless given). */
export async function shanCallback(
  server: TestServer,
  clock: Clock,
  kind: string,
  fields: Record<string, unknown>,
  opts: { secret?: string; at?: Date; tamper?: (body: Record<string, unknown>) => Record<string, unknown> } = {},
) {
  const body: Record<string, unknown> = signedBody(opts.secret ?? SHAN_SECRET, { operator_code: OPERATOR, ...fields }, opts.at ?? clock.now());
  const res = await server.call('POST', `/api/shan/callback/${kind}`, { body: opts.tamper ? opts.tamper(body) : body });
  return res;
}

/** A tiny HTTP party on 127.0.0.1 whose answers the test decides. */
export async function fakeParty(handler: (req: { method: string; path: string; body: any; raw: string }) => Promise<{ status: number; json?: unknown; text?: string }> | { status: number; json?: unknown; text?: string }) {
  const requests: { path: string; body: any }[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', async () => {
      let body: any = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      requests.push({ path: req.url ?? '', body });
      const answer = await handler({ method: req.method ?? 'GET', path: req.url ?? '', body, raw });
      res.writeHead(answer.status, { 'content-type': answer.json !== undefined ? 'application/json' : 'text/plain' });
      res.end(answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? ''));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The player's Shan ledger rows, oldest first. */
export async function shanLedger(db: Db, userId: number) {
  const rows = await db
    .select({ kind: ledger.kind, wallet: ledger.wallet, amount: ledger.amount, reference: ledger.reference })
    .from(ledger)
    .where(eq(ledger.userId, userId))
    .orderBy(asc(ledger.id));
  return rows.filter((r) => r.kind.startsWith('shan_'));
}

export async function shanRows(db: Db, roundId: string) {
  return db
    .select()
    .from(shanTransactions)
    .where(and(eq(shanTransactions.operatorCode, OPERATOR), eq(shanTransactions.roundId, roundId)))
    .orderBy(asc(shanTransactions.id));
}
