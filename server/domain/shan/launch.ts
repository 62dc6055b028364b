import type { Env } from '../../env';
import type { Clock } from '../../lib/clock';
import { isHttpUrl } from '../../lib/signature';
import { signedBody } from './sign';
import { postJson } from '../../lib/post-json';
import { shanKey } from '../../lib/install-secrets';
import { log, errFields } from '../../lib/log';

/**
 * Launching Shan Koe Mee: our server (the operator) asks the Shan provider for a launch URL for
 * the logged-in player. The provider is behind one adapter interface: a real one at
 * SHAN_PROVIDER_URL (POST `${SHAN_PROVIDER_URL}/api/launch`, signed), else the built-in demo
 * provider (server/demo-providers/shan), which receives the same signed request in-process.
 * The request carries no balance; the URL it answers carries only the provider's opaque session.
 */

export interface ShanLaunchRequest {
  operatorCode: string;
  memberAccount: string;
  /** Our public origin (PUBLIC_URL or the request's): where the demo provider's page lives. */
  origin: string;
}

export type ShanLaunchResult = { ok: true; url: string } | { ok: false; detail: string };

export interface ShanProviderAdapter {
  launch(request: ShanLaunchRequest): Promise<ShanLaunchResult>;
}

const TIMEOUT_MS = 10_000;
const MAX_DETAIL = 300;

/** The signed body of a launch request: { operator_code, member_account, request_time, sign }. */
export function launchRequestBody(env: Env, clock: Clock, req: ShanLaunchRequest) {
  return signedBody(shanKey(env), { operator_code: req.operatorCode, member_account: req.memberAccount }, clock.now());
}


/** Reads a provider's launch answer: `{ launch_game_url }` on success, else why it failed. */
export function readLaunchAnswer(httpStatus: number, answer: unknown): ShanLaunchResult {
  const a = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  if (httpStatus >= 200 && httpStatus < 300 && typeof a.launch_game_url === 'string' && isHttpUrl(a.launch_game_url)) {
    return { ok: true, url: a.launch_game_url };
  }
  const said = [a.message, a.error, a.error_detail].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const detail = said
    ? `Provider said: ${said}`
    : httpStatus >= 200 && httpStatus < 300
      ? 'The provider answered without a valid launch_game_url.'
      : `The provider answered HTTP ${httpStatus}.`;
  return { ok: false, detail: detail.slice(0, MAX_DETAIL) };
}

/** A real provider at SHAN_PROVIDER_URL. */
export function realShanProvider(env: Env, clock: Clock, fetchImpl: typeof fetch = fetch): ShanProviderAdapter {
  const base = (env.SHAN_PROVIDER_URL ?? '').replace(/\/+$/, '');
  return {
    async launch(req) {
      let status: number;
      let answer: unknown;
      try {
        ({ status, body: answer } = await postJson(fetchImpl, `${base}/api/launch`, launchRequestBody(env, clock, req), TIMEOUT_MS));
      } catch (err) {
        log.warn({ err: errFields(err) }, 'shan provider launch failed');
        return { ok: false, detail: 'The Shan provider is not reachable.' };
      }
      return readLaunchAnswer(status, answer);
    },
  };
}
