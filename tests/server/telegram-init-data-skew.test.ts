import { describe, expect, it } from 'vitest';
import { verifyInitData } from '../../server/domain/telegram/init-data';
import { signInitData } from './telegram-helpers';

/**
 * The future-skew bound of Telegram init data (server/domain/telegram/init-data.ts): an
 * `auth_date` a little ahead of the server's clock is Telegram's clock against ours and is taken;
 * further ahead it is not genuine (init data signed for later, to outlive the age limit) and is
 * refused as stale. Kept in its own file; the age limit is telegram-auth.test.ts's.
 */
const BOT = '123456:future-skew-test-token';
const NOW = new Date('2026-11-28T10:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const user = { id: 424242, first_name: 'Skew' };
const MAX_AGE = 86_400;
/** The bound: five minutes. */
const SKEW = 300;

const check = (authDate: number) => verifyInitData(signInitData(BOT, { user, auth_date: authDate }), BOT, NOW, MAX_AGE);

describe('Telegram init data: auth_date in the future', () => {
  it('is taken up to the bound ahead of the server clock', () => {
    for (const ahead of [0, 1, 60, SKEW]) expect(check(nowSeconds + ahead), `${ahead} s ahead`).toMatchObject({ ok: true, user: { id: user.id } });
  });

  it('is refused as stale one second beyond the bound, and far beyond it', () => {
    for (const ahead of [SKEW + 1, 3_600, MAX_AGE, 10 * 365 * 86_400]) expect(check(nowSeconds + ahead), `${ahead} s ahead`).toEqual({ ok: false, reason: 'stale' });
  });
});
