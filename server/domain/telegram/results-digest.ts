/**
 * Daily 2D results to subscribers (opt-in `two_d_results`, docs/telegram.md § Broadcasts): when a
 * draw's result becomes confirmed, one message per subscriber is queued in the SAME transaction as
 * the confirmation — a rolled-back confirmation queues none. The dedupe key names the draw and its
 * number (`two_d_results:<date>:<session>:<number>:<player>`): a repeat confirmation queues nothing,
 * a corrected number before settlement is told again.
 */
import type { ConfirmedHook, StoredResult } from '../two-d/results';
import { commandWords, fill } from './command-words';
import { enqueueTelegramMany, type OutboxMessage } from './outbox';
import { audience } from './preferences';
import type { BotLang } from './words';

/** "1346.23" → "1,346.23" (the SET figures as the site prints them). */
export const grouped = (figure: string) => figure.replace(/\B(?=(\d{3})+(?!\d))(?=\d*(\.|$))/g, ',');

export function digestText(result: StoredResult, lang: BotLang): string {
  const words = commandWords(lang);
  return fill(words.digest, {
    date: result.date,
    time: words[result.session],
    number: result.twod,
    set: grouped(result.setIndex),
    value: grouped(result.value),
  });
}

/** The hook that queues the day's result for every subscriber, or none when the bot is off. */
export function resultsDigest(env: { TELEGRAM_BOT_TOKEN?: string }): ConfirmedHook | undefined {
  if (!env.TELEGRAM_BOT_TOKEN) return undefined;
  return async (tx, result) => {
    const players = await audience(tx, 'two_d_results');
    if (players.length === 0) return;
    const messages: OutboxMessage[] = players.map((p) => ({
      chatId: p.chatId,
      userId: p.userId,
      kind: 'two_d_results',
      dedupeKey: `two_d_results:${result.date}:${result.session}:${result.twod}:${p.userId}`,
      text: digestText(result, p.lang),
      button: { text: commandWords(p.lang).play2d, page: '2d' },
      priority: 1,
    }));
    await enqueueTelegramMany(tx, messages);
  };
}
