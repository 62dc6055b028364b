/**
 * The game catalogue, launching and game logs (api-contract.md, Games). Rows are read
 * tolerantly (legacy field names, a list or `{ data: list }`), images come back ready to use.
 */
import { ApiError, mediaUrl, type Api, type RequestOptions } from './client';
import { isRow, money, numberOrNull, text, toPage } from './normalise';
import type {
  Game,
  GameLogPeriod,
  GameLogRow,
  GameType,
  LaunchAnswer,
  LaunchRequest,
  Provider,
  ProviderRef,
  TopWithdrawRow,
  WireCode,
} from './types';

type Row = Record<string, unknown>;
const row = (value: unknown): Row => (isRow(value) ? value : {});
const id = (value: unknown) => numberOrNull(value) ?? 0;
/** A code as received: numbers stay numbers, anything else is read as text. */
const code = (value: unknown): WireCode => (typeof value === 'number' && Number.isFinite(value) ? value : text(value));
const flag = (value: unknown) => value === true || numberOrNull(value) === 1;

/** A row's picture as a ready-to-use address. */
type ImageOf = (r: Row) => string;

const providerRefReader =
  (img: ImageOf) =>
  (value: unknown): ProviderRef => {
    const r = row(value);
    return {
      id: id(r.id),
      code: text(r.code ?? r.provider_code ?? r.provider),
      name: text(r.name ?? r.provider_name ?? r.provider),
      shortName: text(r.short_name ?? r.shortName),
      img: img(r),
    };
  };

const gameTypeReader = (img: ImageOf) => {
  const toProviderRef = providerRefReader(img);
  return (value: unknown): GameType => {
    const r = row(value);
    return { id: id(r.id), name: text(r.name), code: text(r.code), img: img(r), providers: Array.isArray(r.providers) ? r.providers.map(toProviderRef) : [] };
  };
};

const providerReader =
  (img: ImageOf) =>
  (value: unknown): Provider => {
    const r = row(value);
    return {
      // /providers rows are products: `provider_id` is the id the game list takes (`id` in legacy rows without one).
      id: id(r.provider_id ?? r.id),
      productId: id(r.product_id ?? r.id),
      code: text(r.code ?? r.provider_code ?? r.provider),
      name: text(r.provider_name ?? r.name ?? r.provider ?? r.product_name),
      shortName: text(r.short_name),
      productCode: code(r.product_code),
      productName: text(r.product_name),
      productTitle: text(r.product_title),
      gameType: code(r.game_type ?? r.game_type_id),
      img: img(r),
    };
  };

const gameReader =
  (img: ImageOf) =>
  (value: unknown): Game => {
    const r = row(value);
    return {
      id: id(r.id),
      gameCode: text(r.game_code),
      gameName: text(r.game_name ?? r.name),
      gameType: code(r.game_type ?? r.game_type_id),
      productCode: code(r.product_code),
      provider: text(r.provider ?? r.provider_name ?? r.product_name),
      img: img(r),
      isHot: flag(r.is_hot ?? r.hot),
    };
  };

/** Builds the row readers for one API base (image paths resolve against it). */
export function gameReaders(apiBase: string) {
  const img: ImageOf = (r) => mediaUrl(apiBase, text(r.img_url ?? r.image_url ?? r.img ?? r.image));
  return { toGameType: gameTypeReader(img), toProviderRef: providerRefReader(img), toProvider: providerReader(img), toGame: gameReader(img) };
}

export function toGameLogRow(value: unknown): GameLogRow {
  const r = row(value);
  return {
    gameName: text(r.game_name),
    spinCount: numberOrNull(r.spin_count ?? r.count) ?? 0,
    turnover: money(r.turnover ?? r.bet_amount),
    totalPayout: money(r.total_payout ?? r.payout),
    winLoss: money(r.win_loss),
    from: text(r.from),
    to: text(r.to),
  };
}

export function toTopWithdrawRow(value: unknown): TopWithdrawRow {
  const r = row(value);
  return { playerId: text(r.player_id), amount: money(r.amount) };
}

const optional = (value: unknown) => text(value) || undefined;

/**
 * Any launch body as an answer: `{ code, message, url | content }`, also inside `data` (an
 * envelope). Without a numeric code the HTTP status stands in.
 */
export function toLaunchAnswer(body: unknown, httpStatus: number): LaunchAnswer {
  const outer = row(body);
  const inner = isRow(outer.data) ? outer.data : {};
  const answer: LaunchAnswer = { code: numberOrNull(outer.code ?? inner.code) ?? httpStatus };
  const message = optional(outer.message ?? inner.message);
  const url = optional(outer.url ?? inner.url);
  const content = optional(outer.content ?? inner.content);
  if (message) answer.message = message;
  if (url) answer.url = url;
  if (content) answer.content = content;
  return answer;
}

export function gamesApi(api: Api) {
  const { toGameType, toProvider, toGame } = gameReaders(api.baseURL);
  const list = async <T>(path: string, map: (value: unknown) => T, query?: RequestOptions['query']) =>
    toPage(await api.request<unknown>(path, query ? { query } : {}), map).items;

  return {
    gameTypes: (): Promise<GameType[]> => list('/game_types', toGameType),
    providers: (typeCode: string): Promise<Provider[]> => list(`/providers/${encodeURIComponent(typeCode)}`, toProvider),
    /** One page of 20 games; a shorter page is the last. */
    gameList: (typeId: number, providerId: number, page = 1): Promise<Game[]> =>
      list(`/game_lists/${typeId}/${providerId}`, toGame, { page }),
    hotGames: (): Promise<Game[]> => list('/hot_game_lists', toGame),
    /**
     * Resolves with the answer for any HTTP status that came with a body (a 4xx/5xx `{ code,
     * message }` included: the launch machine decides what it means); rejects (ApiError, status 0)
     * only when no answer came. The call still fails inside the client first, so a 401 logs out.
     */
    async launch(request: LaunchRequest): Promise<LaunchAnswer> {
      const answered: { status?: number; body?: unknown } = {};
      try {
        const body = await api.request<unknown>('/seamless/launch-game', {
          method: 'POST',
          body: request,
          onResponse: ({ response, data }) => void Object.assign(answered, { status: response.status, body: data }),
        });
        return toLaunchAnswer(body, 200);
      } catch (err) {
        if (answered.status && err instanceof ApiError && err.status !== 0) return toLaunchAnswer(answered.body, answered.status);
        throw err;
      }
    },
    gameLogs: (period: GameLogPeriod): Promise<GameLogRow[]> => list('/player/game-logs', toGameLogRow, { type: period }),
    topWithdraw: (): Promise<TopWithdrawRow[]> => list('/toptenwithdraw', toTopWithdrawRow),
  };
}

export type GamesApi = ReturnType<typeof gamesApi>;
