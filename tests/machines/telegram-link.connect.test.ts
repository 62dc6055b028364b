/** The Telegram card's view object (src/machines/telegram-link/telegram-link.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { connectTelegramLink } from '../../src/machines/telegram-link/telegram-link.connect';
import { telegramLinkMachine } from '../../src/machines/telegram-link/telegram-link.machine';
import { driveView } from '../support/connect-driver';
import { player } from '../support/path-fixtures';
import { apiError } from '../support/paths';

const taken = apiError(409, 'This Telegram account is linked to another player.');

describe('connectTelegramLink', () => {
  it('link sends the launch data; busy until the answer, which stores the player', async () => {
    const driver = driveView(telegramLinkMachine, connectTelegramLink);
    expect(driver.view()).toMatchObject({ busy: false, error: null });
    driver.view().link('query_id=1&hash=abc');
    expect(driver.view().busy).toBe(true);
    expect(driver.calls()).toEqual([{ actor: 'linkTelegram', input: { initData: 'query_id=1&hash=abc' } }]);
    await driver.answer('linkTelegram', { ...player, telegram_linked: true });
    expect(driver.view()).toMatchObject({ busy: false, error: null });
    expect(driver.actions().map((a) => a.name)).toEqual(['storeUser', 'notifyLinked']);
  });

  it('a refusal shows the server’s words until the next try', async () => {
    const driver = driveView(telegramLinkMachine, connectTelegramLink);
    driver.view().link('data');
    await driver.refuse('linkTelegram', taken);
    expect(driver.view().error).toBe(taken.message);
    driver.view().unlink();
    expect(driver.view()).toMatchObject({ busy: true, error: null });
    expect(driver.calls().at(-1)).toEqual({ actor: 'unlinkTelegram', input: undefined });
  });

  it('gives the same intent functions on every snapshot', () => {
    const driver = driveView(telegramLinkMachine, connectTelegramLink);
    const before = driver.view();
    before.unlink();
    expect(driver.view().unlink).toBe(before.unlink);
    expect(driver.view().link).toBe(before.link);
  });
});
