import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, users } from '../../server/db/schema';
import { DEMO_REFERRAL_CODE, seedDemo } from '../../server/db/seed';
import { burmeseUnicode, isZawgyi } from '../../server/lib/burmese-unicode';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer } from './accounts-helpers';
import { signInitData } from './telegram-helpers';

/**
 * Issue 13: names typed in Zawgyi (older phones) are stored in Unicode; Unicode Burmese and
 * Latin names are stored exactly as typed. The pairs below are the same names in both encodings.
 */
const AUNG_KYAW = { zawgyi: 'ေအာင္ေက်ာ္', unicode: 'အောင်ကျော်' };
const MYANMAR = { zawgyi: 'ျမန္မာ ထြန္းထြန္း', unicode: 'မြန်မာ ထွန်းထွန်း' };
const BOT = '7000000003:AAH-zawgyi-test-bot-token-for-kyatplay';
const ADMIN_TOKEN = 'zawgyi-test-admin-token-0123456789abcdef';

describe('burmeseUnicode', () => {
  it('converts Zawgyi to Unicode', () => {
    expect(isZawgyi(AUNG_KYAW.zawgyi)).toBe(true);
    expect(burmeseUnicode(AUNG_KYAW.zawgyi)).toBe(AUNG_KYAW.unicode);
    expect(burmeseUnicode(MYANMAR.zawgyi)).toBe(MYANMAR.unicode);
    expect(burmeseUnicode('ဂိမ္း')).toBe('ဂိမ်း');
  });

  it('leaves Unicode Burmese, Latin text and digits untouched', () => {
    for (const text of [AUNG_KYAW.unicode, MYANMAR.unicode, 'ဂိမ်း', 'မင်္ဂလာပါ', 'Aung Aung', '၁၂၃', '']) {
      expect(isZawgyi(text), text).toBe(false);
      expect(burmeseUnicode(text)).toBe(text);
    }
  });
});

describe.each(dbKinds)('Zawgyi names are stored in Unicode (%s)', (kind) => {
  const clock = manualClock('2026-03-10T06:00:00Z');
  let server: TestServer;
  const storedName = async (id: number) => (await server.database.db.select({ name: users.name }).from(users).where(eq(users.id, id)))[0]!.name;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { TELEGRAM_BOT_TOKEN: BOT, TELEGRAM_AUTH_MAX_AGE_SECONDS: 86_400, ADMIN_TOKEN } });
    await seedDemo(server.database.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('register: a Zawgyi name is stored and answered in Unicode', async () => {
    const player = await registerPlayer(server, { name: AUNG_KYAW.zawgyi });
    expect(await storedName(player.id)).toBe(AUNG_KYAW.unicode);
    const me = await server.call('GET', '/api/user', { token: player.token });
    expect(me.body.data.name).toBe(AUNG_KYAW.unicode);
  });

  it('register: a Unicode Burmese name and a Latin name are stored exactly as typed', async () => {
    const burmese = await registerPlayer(server, { name: MYANMAR.unicode });
    expect(await storedName(burmese.id)).toBe(MYANMAR.unicode);
    const latin = await registerPlayer(server, { name: 'Aung Aung' });
    expect(await storedName(latin.id)).toBe('Aung Aung');
  });

  it('Telegram sign-in: a Zawgyi first and last name become a Unicode name', async () => {
    const user = { id: 610_000_001, first_name: 'ေအာင္', last_name: 'ေက်ာ္', username: 'aungkyaw_zg', language_code: 'my' };
    const initData = signInitData(BOT, { user, auth_date: Math.floor(clock.now().getTime() / 1000), start_param: `ref_${DEMO_REFERRAL_CODE}` });
    const res = await server.call('POST', '/api/auth/telegram', { body: { init_data: initData } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.user.name).toBe('အောင် ကျော်');
    expect(await storedName(res.body.data.user.id)).toBe('အောင် ကျော်');
  });

  it('admin: an agent name typed in Zawgyi is stored in Unicode', async () => {
    const res = await server.call('POST', '/api/admin/agents', { body: { name: MYANMAR.zawgyi }, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.name).toBe(MYANMAR.unicode);
    const [row] = await server.database.db.select({ name: agents.name }).from(agents).where(eq(agents.id, res.body.data.id));
    expect(row!.name).toBe(MYANMAR.unicode);
  });
});
