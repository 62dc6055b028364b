import { createHmac } from 'node:crypto';
import type { Env } from '../env';
import type { Clock } from '../lib/clock';
import { LAUNCH_WORD, seamlessSign } from './seamless-protocol';
import { isHttpUrl } from '../lib/signature';
import { postJson } from '../lib/post-json';
import { aggregatorKey } from '../lib/install-secrets';
import { refuse } from '../i18n/refusals';
import { log, errFields } from '../lib/log';

/**
 * Launching a seamless game: the player's launch call (server/routes/games/launch.ts) finds the
 * game, then asks a launch adapter for the URL (or HTML) that opens it. The built-in demo
 * aggregator (server/demo-providers/aggregator) is the default; a real aggregator plugs in behind the same
 * interface when AGGREGATOR_URL is set. Whatever the adapter, the balance never travels in a URL:
 * the game asks our wallet through the signed callbacks.
 */

export interface LaunchRequest {
  memberAccount: string;
  nickname: string;
  productCode: number;
  gameCode: string;
  gameName: string;
  /** The aggregator's game type word, e.g. SLOT. */
  gameType: string;
  /** The player's IP (for the aggregator's records). */
  ip: string;
  /** Our public origin, for the lobby link. */
  origin: string;
  /** The login session (tokens.id) launching: the demo aggregator's token dies with it. */
  sessionId: number;
}

export type LaunchAnswer =
  | { status: 200; body: { code: 200; message: string; url: string } | { code: 200; message: string; content: string } }
  | { status: 502 | 503; body: { code: number; message: string } };

export interface LaunchAdapter {
  launch(request: LaunchRequest): Promise<LaunchAnswer>;
}

export const LAUNCHED = 'Game launched successfully';
const PROVIDER_FAILED = refuse('games.provider_failed');
const TIMEOUT_MS = 10_000;

/**
 * The password an aggregator keeps per player: derived, not stored, so it is the same on every
 * launch and every server, and means nothing outside this aggregator.
 */
export function aggregatorPassword(secret: string, memberAccount: string): string {
  return createHmac('sha256', secret).update(`player-password:${memberAccount}`).digest('base64url').slice(0, 32);
}

/**
 * A real aggregator: POST `${AGGREGATOR_URL}/api/operators/launch-game` with the operator's launch
 * request, signed md5(operator_code + request_time + 'launchgame' + secret_key); its answer's
 * `url` (navigate) or `content` (HTML for a new window) is handed to the player.
 */
export function realAggregatorAdapter(env: Env, clock: Clock, fetchImpl: typeof fetch = fetch): LaunchAdapter {
  const base = (env.AGGREGATOR_URL ?? '').replace(/\/+$/, '');
  const operatorCode = env.AGGREGATOR_OPERATOR_CODE ?? env.SEAMLESS_OPERATOR_CODE;
  const secret = aggregatorKey(env);
  return {
    async launch(req) {
      const requestTime = String(Math.floor(clock.now().getTime() / 1000));
      const payload = launchPayload(req, operatorCode, secret, requestTime);
      let answer: unknown;
      let ok: boolean;
      try {
        ({ ok, body: answer } = await postJson(fetchImpl, `${base}/api/operators/launch-game`, payload, TIMEOUT_MS));
      } catch (err) {
        log.error({ err: errFields(err) }, 'aggregator launch failed');
        return { status: 503, body: { code: 503, message: refuse('games.provider_unreachable') } };
      }
      return launchAnswer(ok, answer);
    },
  };
}

/** The operator's signed launch request. */
function launchPayload(req: LaunchRequest, operatorCode: string, secret: string, requestTime: string) {
  return {
    operator_code: operatorCode,
    member_account: req.memberAccount,
    password: aggregatorPassword(secret, req.memberAccount),
    nickname: req.nickname,
    currency: 'MMK',
    game_code: req.gameCode,
    product_code: req.productCode,
    game_type: req.gameType,
    language_code: 0,
    ip: req.ip,
    platform: 'WEB',
    operator_lobby_url: req.origin,
    request_time: Number(requestTime),
    sign: seamlessSign(operatorCode, requestTime, LAUNCH_WORD, secret),
  };
}

/** The aggregator's answer as ours: its http(s) `url` or its HTML `content`, else a 502 with its code and message. */
function launchAnswer(ok: boolean, answer: unknown): LaunchAnswer {
  const a = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  if (ok && typeof a.url === 'string' && isHttpUrl(a.url)) {
    return { status: 200, body: { code: 200, message: LAUNCHED, url: a.url } };
  }
  if (ok && typeof a.content === 'string' && a.content.trim() !== '') {
    return { status: 200, body: { code: 200, message: LAUNCHED, content: a.content } };
  }
  const code = typeof a.code === 'number' && a.code !== 200 && a.code !== 0 ? a.code : 502;
  const message = typeof a.message === 'string' && a.message.trim() !== '' ? a.message : PROVIDER_FAILED;
  return { status: 502, body: { code, message } };
}
