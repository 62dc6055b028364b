import { signedBody } from '../../domain/shan/sign';
import type { Clock } from '../../lib/clock';
import { formatMoney } from '../../lib/money';
import { postJson } from '../../lib/post-json';

/**
 * The demo Shan provider's side of the callbacks: it calls the operator's API — our own
 * /api/shan/callback/{balance,bet,settle} — over real HTTP, signed with the shared secret,
 * exactly as a separate provider would. It never touches the wallet tables.
 */

export interface OperatorAnswer {
  code: number;
  balance?: string;
  message?: string;
}

/** The call did not get an answer (network, timeout, not JSON): it may be retried. */
export class OperatorUnavailable extends Error {}

export interface Player {
  operatorCode: string;
  memberAccount: string;
}

export interface OperatorClientOptions {
  /** The operator's origin, e.g. http://127.0.0.1:8080. */
  base: string;
  secret: string;
  clock: Clock;
  fetchImpl?: typeof fetch;
}

const TIMEOUT_MS = 10_000;

export function operatorClient(opts: OperatorClientOptions) {
  const fetchImpl = opts.fetchImpl ?? fetch;

  async function call(kind: 'balance' | 'bet' | 'settle', player: Player, extra: Record<string, unknown> = {}): Promise<OperatorAnswer> {
    const body = signedBody(opts.secret, { operator_code: player.operatorCode, member_account: player.memberAccount, ...extra }, opts.clock.now());
    let json: unknown;
    try {
      json = (await postJson(fetchImpl, `${opts.base}/api/shan/callback/${kind}`, body, TIMEOUT_MS)).body;
    } catch (err) {
      throw new OperatorUnavailable(`shan ${kind} callback failed: ${String(err)}`);
    }
    const answer = json as OperatorAnswer | undefined;
    if (!answer || typeof answer.code !== 'number') throw new OperatorUnavailable(`shan ${kind} callback answered without a code`);
    return answer;
  }

  return {
    balance: (player: Player) => call('balance', player),
    bet: (player: Player, roundId: string, stake: bigint) => call('bet', player, { round_id: roundId, amount: formatMoney(stake) }),
    settle: (player: Player, roundId: string, payout: bigint, detail: Record<string, unknown>) =>
      call('settle', player, { round_id: roundId, payout: formatMoney(payout), detail }),
  };
}
export type OperatorClient = ReturnType<typeof operatorClient>;
