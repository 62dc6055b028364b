/**
 * The Shan launcher's calls (api-contract.md, Digit Bet and Shan): GET /shan/info for the card,
 * POST /shan-launch-game for the game's address. Answers are read tolerantly (an envelope or the
 * bare object, snake_case or camelCase) and come back as the domain types.
 */
import { ApiError, type Api } from './client';
import { isRow, text } from './normalise';
import type { ShanInfo, ShanLaunchAnswer, ShanLaunchRequest } from './types';

type Row = Record<string, unknown>;
const row = (value: unknown): Row => (isRow(value) ? value : {});
const optional = (value: unknown) => text(value) || undefined;

/** Every message of one field of a Laravel `errors` map (a list or a single text). */
function messagesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map(text).filter(Boolean);
}

/** GET /shan/info's `data` (or the bare object); a missing field reads as ''. */
export function toShanInfo(body: unknown): ShanInfo {
  const outer = row(body);
  const r = isRow(outer.data) ? outer.data : outer;
  return {
    productCode: text(r.product_code ?? r.productCode),
    operatorCode: text(r.operator_code ?? r.operatorCode),
    gameName: text(r.game_name ?? r.gameName),
  };
}

/** Any launch body as an answer; also inside `data` when an envelope wraps it. */
export function toShanLaunchAnswer(body: unknown): ShanLaunchAnswer {
  const outer = row(body);
  const inner = row(outer.data);
  const answer: ShanLaunchAnswer = { status: text(outer.status ?? inner.status) };
  const url = optional(outer.launch_game_url ?? inner.launch_game_url ?? outer.url ?? inner.url);
  const message = optional(outer.message ?? inner.message);
  const errorDetail = optional(outer.error_detail ?? inner.error_detail);
  const operatorCodeErrors = messagesOf(row(outer.errors ?? inner.errors).operator_code);
  if (url) answer.launchGameUrl = url;
  if (message) answer.message = message;
  if (errorDetail) answer.errorDetail = errorDetail;
  if (operatorCodeErrors.length) answer.operatorCodeErrors = operatorCodeErrors;
  return answer;
}

export function shanApi(api: Api) {
  return {
    /** Rejects (ApiError) on any failure, a 404 from a legacy backend included: the machine falls back. */
    async info(): Promise<ShanInfo> {
      return toShanInfo(await api.request<unknown>('/shan/info'));
    },
    /**
     * Resolves with the answer for any HTTP status that came with a body (the 422/403/502 refusals
     * carry the messages the player must see); rejects (ApiError) only when no answer came or the
     * session is gone (401, which the client turns into a logout first).
     */
    async launch(request: ShanLaunchRequest): Promise<ShanLaunchAnswer> {
      const answered: { status?: number; body?: unknown } = {};
      try {
        const body = await api.request<unknown>('/shan-launch-game', {
          method: 'POST',
          body: request,
          onResponse: ({ response, data }) => void Object.assign(answered, { status: response.status, body: data }),
        });
        return toShanLaunchAnswer(body);
      } catch (err) {
        const refused = answered.status && answered.status !== 401 && isRow(answered.body);
        if (refused && err instanceof ApiError && err.status !== 0) return toShanLaunchAnswer(answered.body);
        throw err;
      }
    },
  };
}

export type ShanApi = ReturnType<typeof shanApi>;
