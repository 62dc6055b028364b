import type { Api } from './client';
import { EXCHANGED, EXCHANGE_FAILED } from '../lib/fixed-texts';
import { okMessage, toPage, withFailureText } from './normalise';
import type { ExchangeLogRow, ExchangeRequest, PageOf, WalletTransaction } from './types';

export { EXCHANGE_FAILED };

const EXCHANGE_PATH = {
  mainToGame: '/exchange-main-to-game',
  gameToMain: '/exchange-game-to-main',
} as const;

/** The two wallets (api-contract.md, Two wallets): exchanges between them and their logs. */
export function walletApi(api: Api) {
  return {
    /** Resolves when the server says 'Request was successful.'; else ApiError (server text or 'Exchange failed!'). */
    async exchange({ direction, amount, key }: ExchangeRequest): Promise<{ message: string }> {
      const body = await api
        .request<unknown>(EXCHANGE_PATH[direction], { method: 'POST', body: { amount }, headers: { 'Idempotency-Key': key } })
        .catch((err: unknown) => withFailureText(err, EXCHANGE_FAILED));
      return { message: okMessage(body, EXCHANGED, EXCHANGE_FAILED) };
    },
    async exchangeLog(page = 1): Promise<PageOf<ExchangeLogRow>> {
      return toPage<ExchangeLogRow>(await api.request<unknown>('/exchange-transactions-log', { query: { page } }));
    },
    async transactions(page = 1): Promise<PageOf<WalletTransaction>> {
      return toPage<WalletTransaction>(await api.request<unknown>('/transactions', { query: { page } }));
    },
  };
}

export type WalletApi = ReturnType<typeof walletApi>;
