import { ACTION_WORDS, seamlessSign, type SeamlessEndpoint } from '../../domain/seamless-protocol';
import type { Clock } from '../../lib/clock';
import type { LaunchClaims } from './token';
import { postJson } from '../../lib/post-json';

/**
 * The demo aggregator's side of the seamless protocol: it calls the operator's wallet — our own
 * /api/v1/api/seamless/* — over real HTTP, signed with the operator's code and secret, exactly as
 * a real aggregator would. It never touches the database.
 */

export interface WalletAnswer {
  member_account: string;
  product_code: number;
  before_balance: number;
  balance: number;
  code: number;
  message: string;
}

export interface WalletTransaction {
  id: string;
  action: string;
  amount: number;
  wager_code: string;
  game_code: string;
  wager_status: string;
  bet_amount: number;
  prize_amount: number;
}

export class WalletUnavailable extends Error {}

export interface WalletClientOptions {
  /** Origin of the operator's server, e.g. http://127.0.0.1:8080. */
  base: string;
  operatorCode: string;
  secretKey: string;
  clock: Clock;
  fetchImpl?: typeof fetch;
}

const TIMEOUT_MS = 10_000;

export function walletClient(opts: WalletClientOptions) {
  const fetchImpl = opts.fetchImpl ?? fetch;

  async function call(endpoint: SeamlessEndpoint, claims: LaunchClaims, transactions?: WalletTransaction[]): Promise<WalletAnswer> {
    const requestTime = String(uniqueMillis(opts.clock.now()));
    const body = {
      operator_code: opts.operatorCode,
      currency: 'MMK',
      request_time: Number(requestTime),
      sign: seamlessSign(opts.operatorCode, requestTime, ACTION_WORDS[endpoint], opts.secretKey),
      batch_requests: [
        {
          member_account: claims.member_account,
          product_code: claims.product_code,
          game_type: claims.game_type,
          ...(transactions ? { transactions } : {}),
        },
      ],
    };
    let json: unknown;
    try {
      json = (await postJson(fetchImpl, `${opts.base}/api/v1/api/seamless/${endpoint}`, body, TIMEOUT_MS)).body;
    } catch (err) {
      throw new WalletUnavailable(`wallet ${endpoint} call failed: ${String(err)}`);
    }
    const answer = (json as { data?: WalletAnswer[] } | undefined)?.data?.[0];
    if (!answer || typeof answer.code !== 'number') throw new WalletUnavailable(`wallet ${endpoint} answered without data`);
    return answer;
  }

  return {
    balance: (claims: LaunchClaims) => call('balance', claims),
    withdraw: (claims: LaunchClaims, tx: WalletTransaction) => call('withdraw', claims, [tx]),
    deposit: (claims: LaunchClaims, tx: WalletTransaction) => call('deposit', claims, [tx]),
  };
}
export type WalletClient = ReturnType<typeof walletClient>;

let lastMillis = 0;
/**
 * request_time in milliseconds, never the same twice in this process: the sign covers the time and
 * not the body, so our wallet refuses a second body under the same sign (docs/seamless.md).
 */
function uniqueMillis(now: Date): number {
  lastMillis = Math.max(now.getTime(), lastMillis + 1);
  return lastMillis;
}
