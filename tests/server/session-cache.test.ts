import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client';
import { PROBE_INTERVAL_MS, PROBE_TIMEOUT_MS, postgresChannel, silentChannel, type Channel } from '../../server/db/notifications';
import { SESSION_CACHE_TTL_MS, SESSION_CHANNEL, SessionCache } from '../../server/domain/session-cache';
import { manualClock } from '../../server/lib/clock';
import { currentDatabaseUrl, dbKinds, pooledKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { seedDemo } from '../../server/db/seed';
import { registerPlayer, setStatus, type Player } from './accounts-helpers';

/**
 * The session cache (domain/session-cache.ts, decision 0023): an authenticated money request is
 * answered without a token round trip, yet whatever ends a session -- logout, a ban, a revocation
 * written by any tool -- is refused in every process as soon as the announcement arrives: on
 * PGlite with the write itself (the very next request), on PostgreSQL a moment after COMMIT and
 * never later than a probe can vouch for the listener (PROBE_INTERVAL_MS + PROBE_TIMEOUT_MS);
 * and nothing is cached while the process cannot hear those announcements.
 */

/** An authenticated route that uses the cached session (not /user, which reads fresh). */
const CACHED_ROUTE = '/api/digitbet/fairness';

async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A request refused once the session's end is heard: PGlite hears in-process as the write returns,
 * so the very next request; PostgreSQL's listener hears a moment after COMMIT, at the latest when
 * the next probe returns (or the cache is dropped for the probe's loss).
 */
async function refusedOnceHeard(kind: string, request: () => Promise<number>): Promise<void> {
  if (kind === 'pglite') return void expect(await request(), 'the very next request').toBe(401);
  const bound = PROBE_INTERVAL_MS + PROBE_TIMEOUT_MS;
  const started = Date.now();
  let answer = await request();
  while (answer !== 401 && Date.now() - started <= bound) {
    await new Promise((r) => setTimeout(r, 5));
    answer = await request();
  }
  expect(answer, `refused within ${bound} ms of the change`).toBe(401);
}

const hearing = (database: Database) => until('the session channel is heard', () => database.channel(SESSION_CHANNEL).heard() > 0);

describe.each(pooledKinds)('session cache (%s)', (kind) => {
  const clock = manualClock('2026-03-02T05:00:00Z');
  let server: TestServer;
  const status = async (player: Player) => (await server.call('GET', CACHED_ROUTE, { token: player.token })).status;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    await seedDemo(server.database.db);
    await hearing(server.database);
  });
  afterAll(() => server?.close());

  it('refuses a token once its logout is heard', async () => {
    const player = await registerPlayer(server);
    expect(await status(player)).toBe(200);
    expect(await status(player)).toBe(200); // now from the cache
    expect((await server.call('POST', '/api/logout', { token: player.token })).status).toBe(200);
    await refusedOnceHeard(kind, () => status(player));
  });

  it('refuses a player banned straight in the database once it is heard, and lets them back when lifted', async () => {
    const player = await registerPlayer(server);
    expect(await status(player)).toBe(200);
    await setStatus(server.database.db, player.id, 0);
    await refusedOnceHeard(kind, () => status(player));
    await setStatus(server.database.db, player.id, 1);
    expect(await status(player)).toBe(200);
  });

  it('keeps no refusal: a lifted ban lets the player in on their next request, announcement or not', async () => {
    const player = await registerPlayer(server);
    await server.database.db.execute(sql`alter table users disable trigger users_session_changed`);
    try {
      await setStatus(server.database.db, player.id, 0);
      expect(await status(player), 'banned: read fresh, refused').toBe(401);
      await setStatus(server.database.db, player.id, 1);
      expect(await status(player), 'the refusal was not cached').toBe(200);
    } finally {
      await server.database.db.execute(sql`alter table users enable trigger users_session_changed`);
    }
  });

  it('refuses every token once the emptying of the tokens table is heard', async () => {
    const player = await registerPlayer(server);
    expect(await status(player)).toBe(200);
    await server.database.db.execute(sql`truncate tokens`);
    await refusedOnceHeard(kind, () => status(player));
  });

  it('serves from memory, but never longer than its time to live (shown with the announcement switched off)', async () => {
    const player = await registerPlayer(server);
    expect(await status(player)).toBe(200);
    await server.database.db.execute(sql`alter table tokens disable trigger tokens_session_changed`);
    try {
      await server.database.db.execute(sql`update tokens set revoked_at = now() where user_id = ${player.id}`);
      expect(await status(player), 'the cached session answers: no lookup per request').toBe(200);
      clock.advance(SESSION_CACHE_TTL_MS);
      expect(await status(player), 'the entry expired: the lookup sees the revocation').toBe(401);
    } finally {
      await server.database.db.execute(sql`alter table tokens enable trigger tokens_session_changed`);
    }
  });

  it('reads the balances fresh for GET /user', async () => {
    const player = await registerPlayer(server);
    expect(await status(player)).toBe(200);
    await server.database.db.execute(sql`update users set balance = balance + 123400 where id = ${player.id}`);
    const me = await server.call('GET', '/api/user', { token: player.token });
    expect(me.body.data.balance).toBe('1234.00');
  });
});

describe.each(dbKinds.filter((k) => k === 'postgres'))('session cache, two processes on one %s database', () => {
  let a: TestServer;
  let b: TestServer;
  let second: Database;

  beforeAll(async () => {
    a = await startTestServer('postgres');
    await seedDemo(a.database.db);
    second = await openPostgres(await currentDatabaseUrl(a.database), 3);
    b = await startTestServer('postgres', { database: second });
    await Promise.all([hearing(a.database), hearing(second)]);
  });
  afterAll(async () => {
    await b?.close();
    await second?.close();
    await a?.close();
  });

  it('a logout through one process is refused by the other once it hears it', async () => {
    const player = await registerPlayer(a);
    for (let i = 0; i < 3; i++) expect((await b.call('GET', CACHED_ROUTE, { token: player.token })).status).toBe(200);
    expect((await a.call('POST', '/api/logout', { token: player.token })).status).toBe(200);
    await refusedOnceHeard('postgres', async () => (await b.call('GET', CACHED_ROUTE, { token: player.token })).status);
  });
});

describe.each(dbKinds.filter((k) => k === 'postgres'))('the PostgreSQL listener (%s)', () => {
  let server: TestServer;
  let database: Database;
  let url: string;
  const channels: Channel[] = [];

  beforeAll(async () => {
    server = await startTestServer('postgres');
    database = server.database;
    url = await currentDatabaseUrl(database);
  });
  afterAll(async () => {
    for (const channel of channels) await channel.close();
    await server?.close();
  });

  it('is not trusted when its own probe never comes back (a pooler that swallows notifications)', async () => {
    const swallowed = postgresChannel(url, 'kp_test_swallowed', async () => undefined);
    channels.push(swallowed);
    await new Promise((r) => setTimeout(r, PROBE_TIMEOUT_MS + 1_000));
    expect(swallowed.heard()).toBe(0);
    const cache = new SessionCache<string>(swallowed, () => 0);
    cache.store(cache.begin(), 'hash', 1, 'session');
    expect(cache.get('hash'), 'nothing is cached while nothing can be heard').toBeUndefined();
  });

  it('loses trust (and its cache) when its connection is killed, and earns it back on a new one', async () => {
    const pool = (sqlText: string) => database.db.execute(sql.raw(sqlText));
    const channel = postgresChannel(url, 'kp_test_killed', pool);
    channels.push(channel);
    const cache = new SessionCache<string>(channel, () => 0);
    await until('heard', () => channel.heard() > 0);
    const first = channel.heard();
    cache.store(cache.begin(), 'hash', 7, 'session');
    expect(cache.get('hash')).toBe('session');
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN kp_test_killed'`,
    );
    await until('the loss is noticed', () => channel.heard() === 0);
    expect(cache.get('hash'), 'what was cached is gone with the trust').toBeUndefined();
    await until('heard again', () => channel.heard() > 0);
    expect(channel.heard(), 'a new hearing: older tickets are void').not.toBe(first);
  });

  it('delivers a player change and drops only that player', async () => {
    const channel = postgresChannel(url, SESSION_CHANNEL, (sqlText) => database.db.execute(sql.raw(sqlText)));
    channels.push(channel);
    const cache = new SessionCache<string>(channel, () => 0);
    await until('heard', () => channel.heard() > 0);
    cache.store(cache.begin(), 'one', 1, 'first player');
    cache.store(cache.begin(), 'two', 2, 'second player');
    await database.db.execute(sql`select pg_notify('kp_sessions', '1')`);
    await until('the change arrives', () => cache.get('one') === undefined);
    expect(cache.get('two')).toBe('second player');
  });
});

describe('the session cache on its own', () => {
  function fakeChannel() {
    let deliver: (payload: string) => void = () => undefined;
    let lost: () => void = () => undefined;
    let heard = 1;
    const channel: Channel = {
      subscribe: (onPayload, onLost) => {
        deliver = onPayload;
        lost = onLost;
      },
      heard: () => heard,
      close: async () => undefined,
    };
    return {
      channel,
      announce: (payload: string) => deliver(payload),
      lose: () => {
        heard = 0;
        lost();
      },
      hearAgain: () => (heard = 2),
    };
  }

  it('keeps a lookup, and drops it when its player changes', () => {
    const fake = fakeChannel();
    const cache = new SessionCache<string>(fake.channel, () => 0);
    cache.store(cache.begin(), 'h', 5, 'row');
    expect(cache.get('h')).toBe('row');
    fake.announce('6');
    expect(cache.get('h')).toBe('row');
    fake.announce('5');
    expect(cache.get('h')).toBeUndefined();
  });

  it('does not keep a lookup that started before a change was heard', () => {
    const fake = fakeChannel();
    const cache = new SessionCache<string>(fake.channel, () => 0);
    const ticket = cache.begin();
    fake.announce('99'); // any change: the lookup may have read the old row
    cache.store(ticket, 'h', 5, 'stale?');
    expect(cache.get('h')).toBeUndefined();
  });

  it('does not keep a lookup across a gap in hearing, nor while deaf', () => {
    const fake = fakeChannel();
    const cache = new SessionCache<string>(fake.channel, () => 0);
    const ticket = cache.begin();
    fake.lose();
    expect(cache.begin()).toBe('closed');
    cache.store(cache.begin(), 'h', 5, 'row');
    expect(cache.get('h')).toBeUndefined();
    fake.hearAgain();
    cache.store(ticket, 'h', 5, 'row');
    expect(cache.get('h'), 'a ticket from before the gap').toBeUndefined();
    cache.store(cache.begin(), 'h', 5, 'row');
    expect(cache.get('h')).toBe('row');
  });

  it('forgets an entry after its time to live and drops everything on "*" or garbage', () => {
    let now = 0;
    const fake = fakeChannel();
    const cache = new SessionCache<string>(fake.channel, () => now);
    cache.store(cache.begin(), 'a', 1, 'A');
    now = SESSION_CACHE_TTL_MS - 1;
    expect(cache.get('a')).toBe('A');
    now = SESSION_CACHE_TTL_MS;
    expect(cache.get('a')).toBeUndefined();
    cache.store(cache.begin(), 'b', 2, 'B');
    fake.announce('*');
    expect(cache.size).toBe(0);
    cache.store(cache.begin(), 'c', 3, 'C');
    fake.announce('not a number');
    expect(cache.size).toBe(0);
  });

  it('caches nothing over a database without notifications', () => {
    const cache = new SessionCache<string>(silentChannel(), () => 0);
    cache.store(cache.begin(), 'h', 1, 'row');
    expect(cache.get('h')).toBeUndefined();
  });
});
