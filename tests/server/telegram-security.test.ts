import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notificationPreferences, telegramOutbox, users } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { createLogger } from '../../server/lib/log';
import { startTestServer, type TestServer } from '../support/server';
import { hashPassword } from '../../server/lib/passwords';
import { agents } from '../../server/db/schema';
import { login } from './accounts-helpers';

/**
 * Issue 29, security notices through the real routes: a login from a device and a network the
 * player never used queues one (in the language the app was used in), a known device or network
 * does not; a password change always does, whatever the player's switches.
 */
describe('Telegram security notices (HTTP)', () => {
  const clock = manualClock('2026-11-23T05:00:00Z');
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { clock, logger: createLogger('error'), env: { TRUST_PROXY: { hops: 1, proxies: [] }, LOGIN_MAX_PER_USER: 1000, LOGIN_MAX_PER_IP: 10_000 } });
    await seedDemo(server.database.db);
  }, 180_000);
  afterAll(() => server?.close());

  const db = () => server.database.db;
  const security = (userId: number) => db().select().from(telegramOutbox).where(and(eq(telegramOutbox.userId, userId), eq(telegramOutbox.kind, 'security'))).orderBy(telegramOutbox.id);
  const from = (ip: string, ua: string, lang?: string) => ({ 'x-forwarded-for': ip, 'user-agent': ua, ...(lang ? { 'x-lang': lang } : {}) });
  const PHONE = 'Mozilla/5.0 (Linux; Android 14; SM-A155F) Chrome/129.0.0.0 Mobile Safari/537.36';
  const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/131.0';

  it('a new place is told (in the app\'s language), a known one is not; a password change always is', async () => {
    const [agent] = await db().select().from(agents).limit(1);
    const password = 'secret123';
    const [row] = await db().insert(users).values({ userName: 'tgsecurity', name: 'Ko Security', agentId: agent!.id, passwordHash: await hashPassword(password), telegramId: 7_123_456 }).returning();
    const player = { id: row!.id, userName: 'tgsecurity', password };
    expect((await login(server, player.userName, player.password, from('103.25.12.7', PHONE, 'mm'))).status).toBe(200);
    expect((await login(server, player.userName, player.password, from('37.111.4.9', PHONE, 'mm'))).status).toBe(200);
    expect(await security(player.id)).toEqual([]);
    const [prefs] = await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, player.id));
    expect(prefs!.language).toBe('mm');

    clock.advance(60_000);
    expect((await login(server, player.userName, player.password, from('45.64.1.20', LAPTOP, 'mm'))).status).toBe(200);
    const notices = await security(player.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(/^🔐 .*ယခင်က မသုံးဖူးသော စက်နှင့် ကွန်ရက်/);

    await db().update(notificationPreferences).set({ stopped: true }).where(eq(notificationPreferences.userId, player.id));
    const { body } = await login(server, player.userName, player.password, from('45.64.1.20', LAPTOP, 'en'));
    const changed = await server.call('POST', '/api/change-password', {
      token: body.data.token,
      body: { current_password: player.password, password: 'newsecret456', password_confirmation: 'newsecret456' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await security(player.id);
    expect(after).toHaveLength(2);
    expect(after[1]!.text).toMatch(/^🔐 Your KyatPlay password was changed at 2026-11-23 11:31 \(Yangon time\)/);
  }, 120_000);
});
