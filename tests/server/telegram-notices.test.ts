import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { notificationPreferences, telegramOutbox, users } from '../../server/db/schema';
import { approveAdjustment, createAdjustment } from '../../server/domain/adjustments';
import { settleDraw, voidDraw } from '../../server/domain/two-d/settlement';
import { fanOutAll } from '../../server/domain/telegram/fanout';
import { afterSignIn, deviceOf, networkOf } from '../../server/domain/telegram/sign-in-places';
import { manualClock } from '../../server/lib/clock';
import { createTestDatabase, dbKinds } from '../support/db';
import { confirmResult, makePlayer, placeSlip, yangon } from './two-d-results-helpers';

/**
 * Issue 29: the other events that message a linked player — a 2D draw (one message per player,
 * whatever their slips: won with the prize, number and draw; lost with their numbers; voided with
 * the refund), an operator's adjustment, and security notices (a sign-in from a new place).
 */
describe.each(dbKinds)('Telegram notices on %s', (kind) => {
  let database: Database;
  const clock = manualClock(yangon('2026-03-02', '12:05'));
  const db = () => database.db;
  let chat = 990_000;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  async function linked(lang: 'en' | 'mm' | 'zh' | 'th', mainKyat = 100_000) {
    const id = await makePlayer(db(), mainKyat);
    await db().update(users).set({ telegramId: ++chat }).where(eq(users.id, id));
    await db().insert(notificationPreferences).values({ userId: id, language: lang });
    return id;
  }
  const messagesOf = (ids: number[]) => db().select().from(telegramOutbox).where(inArray(telegramOutbox.userId, ids)).orderBy(telegramOutbox.id);

  it('a settled draw: one message per player, whatever the number of slips — won (prize, number, draw) or lost (their numbers)', async () => {
    const date = '2026-03-02';
    const winner = await linked('en');
    const loser = await linked('mm');
    const stopped = await linked('en');
    await db().update(notificationPreferences).set({ twoD: false }).where(eq(notificationPreferences.userId, stopped));
    await placeSlip(db(), winner, date, 'morning', [['38', 100], ['83', 200]]);
    await placeSlip(db(), winner, date, 'morning', [['38', 50]]);
    await placeSlip(db(), loser, date, 'morning', [['12', 1000], ['21', 1000]]);
    await placeSlip(db(), loser, date, 'morning', [['45', 500]]);
    await placeSlip(db(), stopped, date, 'morning', [['38', 100]]);
    await confirmResult(db(), date, 'morning', '38', clock.now());
    await settleDraw(db(), date, 'morning', clock);
    await settleDraw(db(), date, 'morning', clock);
    // The settlement wrote the draw's fan-out; a sender writes the players' messages after the commit.
    expect(await messagesOf([winner, loser, stopped])).toEqual([]);
    await fanOutAll(db());

    const rows = await messagesOf([winner, loser, stopped]);
    expect(rows.map((r) => r.userId)).toEqual([winner, loser]);
    expect(rows[0]).toMatchObject({ kind: 'two_d', dedupeKey: `two_d:${date}:morning:${winner}`, button: { text: 'My 2D slips', page: 'slips-morning' } });
    expect(rows[0]!.text).toBe('🎉 You won 12,000.00 Ks in 2D! The number 38 came up in the 2026-03-02 12:01 PM draw. The prize is in your main wallet.');
    expect(rows[1]!.text).toBe('2D 2026-03-02 နေ့လယ် ၁၂:၀၁ — ထွက်ဂဏန်း 38 ဖြစ်ပါသည်။ သင်၏ဂဏန်းများ 12, 21, 45 ဤတစ်ကြိမ် မပေါက်ပါ။');
  });

  it('a voided draw tells each player their refund', async () => {
    const date = '2026-03-03';
    const p = await linked('zh');
    await placeSlip(db(), p, date, 'evening', [['07', 300], ['70', 200]]);
    await voidDraw(db(), date, 'evening', clock);
    await fanOutAll(db());
    const [row] = await messagesOf([p]).then((r) => r.filter((m) => m.dedupeKey.startsWith(`two_d:${date}`)));
    expect(row!.text).toBe('2D 2026-03-03 下午 4:30 没有开奖结果，已取消：您的投注 500.00 缅元 已退回主钱包。');
  });

  it('an applied adjustment (at once, or on its second approval) tells the player the amount, the wallet, the reason and the new balance', async () => {
    const p = await linked('th', 300_000);
    const actor = { key: 'operator:1', name: 'Owner' };
    await createAdjustment(db(), { userId: p, wallet: 'main', kind: 'bonus', amount: 50_000n, reason: 'Thingyan bonus', actor, secondApprovalAt: 10_000_000n, now: clock.now() });
    const waiting = await createAdjustment(db(), { userId: p, wallet: 'main', kind: 'correction', amount: -15_000_000n, reason: 'double credit', actor, secondApprovalAt: 10_000_000n, now: clock.now() });
    expect((await messagesOf([p])).filter((m) => m.kind === 'adjustment')).toHaveLength(1);
    await approveAdjustment(db(), waiting.adjustment.id, { key: 'operator:2', name: 'Finance' }, clock.now());
    const rows = (await messagesOf([p])).filter((m) => m.kind === 'adjustment');
    expect(rows.map((r) => r.text)).toEqual([
      '🎁 เพิ่ม 500.00 จ๊าด เข้ากระเป๋าหลักของคุณแล้ว (โบนัส): Thingyan bonus\nยอดเงินใหม่: 300,500.00 จ๊าด',
      'หัก 150,000.00 จ๊าด จากกระเป๋าหลักของคุณแล้ว (การแก้ไขยอด): double credit\nยอดเงินใหม่: 150,500.00 จ๊าด',
    ]);
    expect(rows.map((r) => r.dedupeKey)).toEqual([`adjustment:${rows[0]!.dedupeKey.split(':')[1]}`, `adjustment:${waiting.adjustment.id}`]);
  });

  it('a sign-in from a new device on a new network is a security notice; a known device or network, or the first sign-in, is not', async () => {
    const p = await linked('en');
    const phone = 'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 Chrome/129.0.6668.100 Mobile Safari/537.36';
    const at = (min: number) => new Date(clock.now().getTime() + min * 60_000);
    expect(await afterSignIn(db(), { userId: p, ip: '103.25.12.7', userAgent: phone, at: at(0) })).toBe('first');
    // The same phone after a browser update, from another carrier address: known.
    expect(await afterSignIn(db(), { userId: p, ip: '37.111.4.9', userAgent: phone.replace('129.0.6668.100', '130.0.6723.58'), at: at(1) })).toBe('known');
    // Another device at home (a known network): known.
    expect(await afterSignIn(db(), { userId: p, ip: '103.25.12.200', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1', at: at(2) })).toBe('known');
    expect((await messagesOf([p])).filter((m) => m.kind === 'security')).toEqual([]);
    // A laptop on a network never seen: the notice, in the player's language, even with every kind switched off.
    await db().update(notificationPreferences).set({ deposit: false, withdraw: false, twoD: false, adjustment: false, stopped: true }).where(eq(notificationPreferences.userId, p));
    expect(await afterSignIn(db(), { userId: p, ip: '2001:db8:aa:1::5', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/131.0', at: at(3) })).toBe('new');
    const notices = (await messagesOf([p])).filter((m) => m.kind === 'security');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(/^🔐 New sign-in to your KyatPlay account at 2026-03-02 12:08 \(Yangon time\)/);
    expect(notices[0]!.button).toEqual({ text: 'Account security', page: 'profile' });
  });

  it('places: IPv4 /24 and IPv6 /48 blocks; a user agent without its version numbers', () => {
    expect(networkOf('103.25.12.7')).toBe('103.25.12.0/24');
    expect(networkOf('::ffff:103.25.12.7')).toBe('103.25.12.0/24');
    expect(networkOf('2001:db8:aa:1::5')).toBe('2001:db8:aa::/48');
    expect(networkOf('2001:0db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('garbage')).toBeNull();
    expect(deviceOf('Chrome/129.0.1 Mobile')).toBe(deviceOf('Chrome/130.2.7 Mobile'));
    expect(deviceOf('Chrome/129.0.1 Mobile')).not.toBe(deviceOf('Firefox/129.0.1 Mobile'));
    expect(deviceOf('')).toBeNull();
  });
});
