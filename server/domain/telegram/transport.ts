/**
 * One outbox row to the Bot API through grammY's API client (decision 0039), pointed at
 * TELEGRAM_API_BASE, and its answer classified for the outbox (claim.ts). No auto-retry plugin:
 * a 429 must move the shared pacer and the row, not sleep inside one process's call.
 */
import { Api, GrammyError, HttpError } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import type { OutboxButton } from '../../db/schema';
import { miniAppUrl } from './bot-api';
import type { ClaimedRow, SendOutcome } from './claim';

export interface Transport {
  send(row: ClaimedRow): Promise<SendOutcome>;
}

export interface TransportOptions {
  base: string;
  token: string;
  /** Where a button's start page opens the Mini App (TELEGRAM_MINI_APP_URL, else PUBLIC_URL); none: no page buttons. */
  appUrl?: string;
  timeoutSeconds?: number;
}

/** The inline keyboard of a row's button, or none (a page button with no app URL is left out). */
export function keyboardOf(button: OutboxButton | null, appUrl: string | undefined): InlineKeyboardButton[][] | undefined {
  if (!button) return undefined;
  if (button.page !== undefined && appUrl) return [[{ text: button.text, web_app: { url: miniAppUrl(appUrl, button.page) } }]];
  if (button.webApp) return [[{ text: button.text, web_app: { url: button.webApp } }]];
  if (button.url) return [[{ text: button.text, url: button.url }]];
  return undefined;
}

/** Errors that prove the request never reached the server: safe to send again. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

function causeCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown; error?: unknown }).cause ?? (e as { error?: unknown }).error;
  }
  return undefined;
}

/** A Bot API failure as the outbox sees it. */
export function classify(err: unknown): SendOutcome {
  if (err instanceof GrammyError) {
    const description = `${err.error_code} ${err.description}`;
    if (err.error_code === 429) return { kind: 'retry_after', seconds: err.parameters.retry_after ?? 1, description };
    if (err.error_code === 403) return { kind: 'blocked', description };
    if (err.error_code >= 500) return { kind: 'transient', description };
    return { kind: 'refused', description };
  }
  const code = causeCode(err);
  const description = `${code ?? 'network'}: ${(err as Error)?.message ?? String(err)}`;
  if (err instanceof HttpError && code && NEVER_SENT.has(code)) return { kind: 'transient', description };
  return { kind: 'unknown', description };
}

export function grammyTransport(opts: TransportOptions): Transport {
  const api = new Api(opts.token, { apiRoot: opts.base.replace(/\/+$/, ''), timeoutSeconds: opts.timeoutSeconds ?? 10 });
  return {
    async send(row) {
      const keyboard = keyboardOf(row.button, opts.appUrl);
      const reply_markup = keyboard ? { inline_keyboard: keyboard } : undefined;
      try {
        const message = row.photo
          ? await api.sendPhoto(row.chatId, row.photo, { caption: row.text, reply_markup })
          : await api.sendMessage(row.chatId, row.text, { reply_markup, link_preview_options: { is_disabled: true } });
        return { kind: 'sent', messageId: typeof message?.message_id === 'number' ? message.message_id : null };
      } catch (err) {
        return classify(err);
      }
    },
  };
}
