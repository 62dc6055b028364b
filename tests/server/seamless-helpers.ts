import { count, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { gameTypes, games, products, providers, seamlessCalls } from '../../server/db/schema';
import { ACTION_WORDS, seamlessSign, type SeamlessEndpoint } from '../../server/domain/seamless-protocol';
import { testEnv } from '../../server/env';
import type { TestServer } from '../support/server';

/** Shared pieces of the seamless, launch, demo-aggregator and game-log tests. */

export const OPERATOR = testEnv().SEAMLESS_OPERATOR_CODE;
export const SECRET = testEnv().SEAMLESS_SECRET_KEY!;
export const PRODUCT = 99_001;
export const OTHER_PRODUCT = 99_002;
export const GAME = { code: 'KPT_DRAGON', name: 'Golden Dragon Test' };
export const OTHER_GAME = { code: 'KPT_LOTUS', name: 'Lucky Lotus Test' };
export const HIDDEN_GAME = { code: 'KPT_HIDDEN', name: 'Hidden Test' };
export const TYPE_CODE = 'test_slot';

/**
 * The minimal catalogue these tests need (the real seed lives with the catalogue): a type, a
 * provider, two products and their games. Codes are unlikely to clash with the seed.
 */
export async function insertTestCatalogue(db: Db) {
  await db.insert(gameTypes).values({ id: 90, name: 'Test Slot', code: TYPE_CODE, img: '/assets/test.svg' }).onConflictDoNothing();
  await db
    .insert(providers)
    .values([
      { code: 'KPTEST', name: 'KyatPlay Test', shortName: 'KPT', color: '#123456', imgUrl: '/assets/test.svg' },
      { code: 'KPTEST2', name: 'KyatPlay Test 2', shortName: 'KPT2', color: '#654321', imgUrl: '/assets/test.svg' },
    ])
    .onConflictDoNothing();
  const [p1] = await db.select({ id: providers.id }).from(providers).where(eq(providers.code, 'KPTEST'));
  const [p2] = await db.select({ id: providers.id }).from(providers).where(eq(providers.code, 'KPTEST2'));
  await db
    .insert(products)
    .values([
      { providerId: p1!.id, gameTypeId: 90, productCode: PRODUCT, productName: 'KPTEST', productTitle: 'KyatPlay Test' },
      { providerId: p2!.id, gameTypeId: 90, productCode: OTHER_PRODUCT, productName: 'KPTEST2', productTitle: 'KyatPlay Test 2' },
    ])
    .onConflictDoNothing();
  const [prod] = await db.select({ id: products.id }).from(products).where(eq(products.productCode, PRODUCT));
  const [prod2] = await db.select({ id: products.id }).from(products).where(eq(products.productCode, OTHER_PRODUCT));
  await db
    .insert(games)
    .values([
      { productId: prod!.id, gameCode: GAME.code, gameName: GAME.name, imageUrl: '/assets/test.svg' },
      { productId: prod2!.id, gameCode: OTHER_GAME.code, gameName: OTHER_GAME.name, imageUrl: '/assets/test.svg' },
      { productId: prod!.id, gameCode: HIDDEN_GAME.code, gameName: HIDDEN_GAME.name, imageUrl: '/assets/test.svg', status: 0 },
    ])
    .onConflictDoNothing();
}

export interface CallbackTx {
  id: string | number;
  action: string;
  amount: number | string;
  wager_code?: string;
  game_code?: string;
  wager_status?: string;
  bet_amount?: number;
  prize_amount?: number;
}

export interface Entry {
  member_account: string;
  product_code?: number;
  game_type?: string;
  transactions?: CallbackTx[];
}

let timeSeq = 0;
/** A signed callback body; override anything to break it. */
export function signedBody(
  endpoint: SeamlessEndpoint,
  entries: Entry[],
  opts: { now: Date; currency?: string; operator?: string; secret?: string; requestTime?: number | string; sign?: string },
) {
  const operator = opts.operator ?? OPERATOR;
  // Milliseconds, unique per body (as a busy aggregator must send them): one sign, one body.
  const requestTime = opts.requestTime ?? opts.now.getTime() + (++timeSeq % 100_000);
  return {
    operator_code: operator,
    currency: opts.currency ?? 'MMK',
    request_time: requestTime,
    sign: opts.sign ?? seamlessSign(operator, String(requestTime), ACTION_WORDS[endpoint], opts.secret ?? SECRET),
    batch_requests: entries.map((e) => ({ product_code: PRODUCT, game_type: 'SLOT', ...e })),
  };
}

export async function callback(server: TestServer, endpoint: SeamlessEndpoint, body: unknown) {
  const res = await server.call('POST', `/api/v1/api/seamless/${endpoint}`, { body });
  if (res.status !== 200) throw new Error(`callback ${endpoint} answered HTTP ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { data: { member_account: string; product_code: number; before_balance: number; balance: number; code: number; message: string }[]; code?: number; message?: string };
}

export async function callCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(seamlessCalls);
  return row!.n;
}

let seq = 0;
/** A transaction id no other test in this process uses. */
export function txId(prefix = 'tx'): string {
  seq += 1;
  return `${prefix}-${process.pid}-${seq}`;
}
