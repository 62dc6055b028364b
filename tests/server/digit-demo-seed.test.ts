import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProductionConfig } from '../../server/config-check';
import { seedDemo } from '../../server/db/seed';
import { demoServerSeedOf } from '../../server/domain/digit-bet/roll';
import { readEnv } from '../../server/env';
import { clientSeedRolling, QA_DIGIT_SERVER_SEED } from '../support/qa-demo';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer, type Player } from './accounts-helpers';
import { fund } from './wallet-helpers';

/**
 * DEMO_DIGIT_SERVER_SEED (docs/digit-bet.md § Demo): on a demo install every seed pair takes the
 * published server seed, so a QA plan names the client seed that rolls the digit a step needs and
 * a tester sets it on the fairness page. A production start refuses it, and production ignores it
 * even if the check were skipped: a real install's rolls can never be chosen.
 */
const sha256Hex = (seedHex: string) => createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
/** docs/digit-bet.md § Known vectors: the SHA-256 of 32 zero bytes. */
const ZERO_SEED_HASH = '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925';

describe('DEMO_DIGIT_SERVER_SEED', () => {
  it('takes 64 lowercase hex characters, nothing else', () => {
    expect(readEnv({ DEMO_DIGIT_SERVER_SEED: QA_DIGIT_SERVER_SEED }).DEMO_DIGIT_SERVER_SEED).toBe(QA_DIGIT_SERVER_SEED);
    for (const bad of ['00', 'zz'.repeat(32), 'AB'.repeat(32), '0'.repeat(65)]) expect(() => readEnv({ DEMO_DIGIT_SERVER_SEED: bad }), bad).toThrow();
  });

  it('a production start refuses it, and production never applies it', () => {
    const problems = checkProductionConfig(readEnv({ NODE_ENV: 'production', DEMO_DIGIT_SERVER_SEED: QA_DIGIT_SERVER_SEED })).problems;
    expect(problems.filter((p) => p.startsWith('DEMO_DIGIT_SERVER_SEED:'))).toHaveLength(1);
    expect(demoServerSeedOf({ NODE_ENV: 'production', DEMO_DIGIT_SERVER_SEED: QA_DIGIT_SERVER_SEED })).toBeNull();
    expect(demoServerSeedOf({ NODE_ENV: 'development', DEMO_DIGIT_SERVER_SEED: QA_DIGIT_SERVER_SEED })).toBe(QA_DIGIT_SERVER_SEED);
  });

  describe('on a demo server started with it', () => {
    let server: TestServer;
    let player: Player;
    beforeAll(async () => {
      server = await startTestServer('pglite', { env: { DEMO_DIGIT_SERVER_SEED: QA_DIGIT_SERVER_SEED } });
      await seedDemo(server.database.db);
      player = await registerPlayer(server);
      await fund(server.database.db, player.id, { game: 10_000 });
    });
    afterAll(() => server?.close());

    const call = (method: string, path: string, body?: unknown, key?: string) =>
      server.call(method, `/api${path}`, { token: player.token, body, headers: key ? { 'idempotency-key': key } : undefined });

    it('the client seed a QA plan names for a digit makes the next roll that digit, and the fairness page can check it', async () => {
      expect((await call('GET', '/digitbet/fairness')).body.data.current.server_seed_hash).toBe(ZERO_SEED_HASH);
      for (const digit of [7, 2]) {
        const rotated = await call('POST', '/digitbet/seed/rotate', { client_seed: clientSeedRolling(digit) }, `qa-rotate-${digit}`);
        expect(rotated.status).toBe(200);
        expect(rotated.body.data.current).toMatchObject({ server_seed_hash: ZERO_SEED_HASH, client_seed: clientSeedRolling(digit), nonce: 0 });
        const bet = await call('POST', '/digitbet', { bet_type: 'digit', digit, bet_amount: 100, multiplier: 1 }, `qa-bet-${digit}`);
        expect(bet.status, JSON.stringify(bet.body)).toBe(200);
        expect(bet.body.data.rolled_number).toBe(digit);
      }
      // Rotating reveals the demo seed, which hashes to the commitment shown before the bets.
      const revealed = (await call('POST', '/digitbet/seed/rotate', {}, 'qa-rotate-reveal')).body.data.revealed[0];
      expect(revealed.server_seed).toBe(QA_DIGIT_SERVER_SEED);
      expect(sha256Hex(revealed.server_seed)).toBe(revealed.server_seed_hash);
    });
  });

  it('a server started without it makes random server seeds again', async () => {
    const plain = await startTestServer('pglite');
    try {
      await seedDemo(plain.database.db);
      const p = await registerPlayer(plain);
      const fairness = await plain.call('GET', '/api/digitbet/fairness', { token: p.token });
      expect(fairness.body.data.current.server_seed_hash).not.toBe(ZERO_SEED_HASH);
    } finally {
      await plain.close();
    }
  });
});
