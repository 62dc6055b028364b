/**
 * The 2D lottery (api-contract.md, 2D lottery): the live feed, per-number availability, placing a
 * bet with its Idempotency-Key, slips, daily winners and holidays. Rows are read tolerantly
 * (snake_case or camelCase, a list or `{ data: list }`) and come back as the domain types.
 */
import { isHolidayKey } from '../../shared/labels';
import { tradingFromLive } from '../../shared/two-d/draw-clock';
import { BET_FAILED, BET_PLACED, LIVE_FAILED, WINNERS_FAILED } from '../lib/two-d/messages';
import { isTwoDSession } from '../lib/two-d/session';
import { ApiError, OK_STATUS, type Api } from './client';
import { isRow, money, numberOrNull, okMessage, text, toPage, withFailureText } from './normalise';
import type {
  DailyWinners,
  DrawWinners,
  LiveSnapshot,
  NumberAvailability,
  Slip,
  SlipBet,
  TwoDAvailability,
  TwoDBetRequest,
  TwoDHoliday,
  TwoDSession,
} from './types';

type Row = Record<string, unknown>;
const row = (value: unknown): Row => (isRow(value) ? value : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const id = (value: unknown) => numberOrNull(value) ?? 0;
/** '5', 5 and '05' are all '05'. */
const num = (value: unknown) => text(value).trim().padStart(2, '0');
/** The envelope's `data` when there is one, else the body itself. */
const unwrap = (body: unknown): unknown => (isRow(body) && 'data' in body && isRow(body.data) ? body.data : body);

export interface TwoDApiOptions {
  /** Where the live feed is; by default `/live` on the API's host, then `<api base>/live`. */
  liveUrl?: string;
}

/** The candidates for GET /live: the host root first (the legacy feed), then under the API base. */
export function liveUrls(apiBase: string, liveUrl?: string): string[] {
  if (liveUrl) return [liveUrl];
  const base = new URL(apiBase.replace(/\/?$/, '/'), globalThis.location?.href ?? 'http://localhost/');
  return [...new Set([new URL('/live', base).toString(), new URL('live', base).toString()])];
}

export function toLiveSnapshot(body: unknown): LiveSnapshot | null {
  const r = row(unwrap(body));
  if (!isRow(r.live) && !Array.isArray(r.result)) return null;
  const live = row(r.live);
  return {
    live: { twod: text(live.twod), date: text(live.date), time: text(live.time) },
    serverTime: text(r.server_time ?? r.serverTime),
    result: list(r.result).map((value) => {
      const res = row(value);
      return { openTime: text(res.open_time ?? res.openTime), set: text(res.set), value: text(res.value), twod: text(res.twod) };
    }),
    trading: tradingFromLive(r.trading, isHolidayKey),
  };
}

function toNumberAvailability(value: unknown): NumberAvailability {
  const r = row(value);
  const breakAmount = numberOrNull(r.break_amount ?? r.breakAmount ?? r.default_break) ?? 0;
  const staked = numberOrNull(r.staked) ?? 0;
  const remaining = numberOrNull(r.remaining ?? r.over_all_remaining) ?? Math.max(0, breakAmount - staked);
  return { num: num(r.num ?? r.number ?? r.bet_number), breakAmount, staked, remaining, closed: r.closed === true || r.closed === 1 };
}

export function toAvailability(body: unknown, asked?: TwoDSession): TwoDAvailability {
  const r = row(unwrap(body));
  const session = isTwoDSession(r.session) ? r.session : (asked ?? 'morning');
  return {
    date: text(r.date),
    session,
    status: text(r.status) || 'open',
    closesAt: text(r.closes_at ?? r.closesAt),
    opensAt: text(r.opens_at ?? r.opensAt) || null,
    numbers: toPage(r.numbers, toNumberAvailability).items,
  };
}

function toSlipBet(value: unknown): SlipBet {
  const r = row(value);
  const result = r.win_lose ?? r.winLose;
  return {
    id: id(r.id),
    betNumber: num(r.bet_number ?? r.betNumber),
    betAmount: money(r.bet_amount ?? r.betAmount),
    winLose: result === null || result === undefined ? null : result === true || result === 1 || result === '1',
    potentialPayout: money(r.potential_payout ?? r.potentialPayout),
  };
}

export function toSlip(value: unknown): Slip {
  const r = row(value);
  return {
    id: id(r.id),
    slipNo: text(r.slip_no ?? r.slipNo),
    playerName: text(r.player_name ?? r.playerName),
    totalBetAmount: money(r.total_bet_amount ?? r.totalBetAmount),
    session: text(r.session),
    status: text(r.status),
    gameDate: text(r.game_date ?? r.gameDate),
    beforeBalance: money(r.before_balance ?? r.beforeBalance),
    afterBalance: money(r.after_balance ?? r.afterBalance),
    bets: list(r.two_bets ?? r.twoBets ?? r.bets).map(toSlipBet),
  };
}

function toDrawWinners(value: unknown): DrawWinners {
  const r = row(value);
  return {
    date: text(r.date),
    session: text(r.session),
    winDigit: text(r.win_digit ?? r.winDigit),
    winners: list(r.winners).map((w) => {
      const winner = row(w);
      return {
        memberName: text(winner.member_name ?? winner.memberName),
        betAmount: money(winner.bet_amount ?? winner.betAmount),
        winAmount: money(winner.win_amount ?? winner.winAmount),
      };
    }),
  };
}

export function toDailyWinners(body: unknown): DailyWinners {
  const data = isRow(body) && 'data' in body ? body.data : body;
  if (Array.isArray(data)) return { draw: null, latestResults: data.map(toDrawWinners) };
  const r = row(data);
  const hasDraw = 'win_digit' in r || 'winDigit' in r || Array.isArray(r.winners);
  return { draw: hasDraw ? toDrawWinners(r) : null, latestResults: list(r.latest_results ?? r.latestResults).map(toDrawWinners) };
}

/** A refusal's over-limit numbers as 'NN' strings (the legacy sends a bare array, ours `data`). */
const overLimit = (value: unknown): string[] | null => (Array.isArray(value) && value.length ? value.map((v) => num(isRow(v) ? (v.num ?? v.bet_number) : v)) : null);

const failsEnvelope = (body: unknown) => isRow(body) && body.status !== undefined && body.status !== OK_STATUS;

/**
 * GET /live: the host root's feed, else the API's; a 404 or a non-feed answer tries the other.
 * The feed that answered last is asked first next time (polling every 2 s).
 */
function liveReader(api: Api, feeds: string[]): () => Promise<LiveSnapshot> {
  let preferred = 0;
  return async () => {
    let lastError: unknown = new ApiError(0, LIVE_FAILED);
    for (let i = 0; i < feeds.length; i++) {
      const at = (preferred + i) % feeds.length;
      try {
        const snapshot = toLiveSnapshot(await api.request<unknown>(feeds[at]!));
        if (snapshot) {
          preferred = at;
          return snapshot;
        }
        lastError = new ApiError(502, LIVE_FAILED);
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 404) throw err;
        lastError = err;
      }
    }
    throw lastError;
  };
}

/**
 * POST /twod-bet. Resolves on 'Request was successful.'; a refusal listing numbers (HTTP 400
 * with `data: [...]`, or a bare array) rejects with `data` = those numbers as 'NN'; other
 * refusals carry the server's message or 'Bet failed!'.
 */
async function placeBet(api: Api, { totalAmount, amounts, session, key }: TwoDBetRequest): Promise<{ message: string }> {
  const answered: { status?: number; body?: unknown } = {};
  const body = await api
    .request<unknown>('/twod-bet', {
      method: 'POST',
      body: { totalAmount, amounts, ...(session ? { session } : {}) },
      headers: { 'Idempotency-Key': key },
      onResponse: ({ response, data }) => void Object.assign(answered, { status: response.status, body: data }),
    })
    .catch((err: unknown) => {
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
      const nums = refused ? overLimit(Array.isArray(answered.body) ? answered.body : err.data) : null;
      if (nums) throw new ApiError((err as ApiError).status, (err as ApiError).message, {}, nums);
      return withFailureText(err, BET_FAILED);
    });
  const nums = overLimit(Array.isArray(body) ? body : failsEnvelope(body) ? row(body).data : null);
  if (nums) throw new ApiError(400, Array.isArray(body) ? '' : text(row(body).message), {}, nums);
  return { message: okMessage(body, BET_PLACED, BET_FAILED) };
}

/** GET /two-d-daily-winners?date=&session=; without a session, the latest results of both draws. */
async function dailyWinners(api: Api, date: string, session?: TwoDSession): Promise<DailyWinners> {
  const body = await api
    .request<unknown>('/two-d-daily-winners', { query: session ? { date, session } : { date } })
    .catch((err: unknown) => withFailureText(err, WINNERS_FAILED));
  if (failsEnvelope(body)) throw new ApiError(400, text(row(body).message) || WINNERS_FAILED);
  return toDailyWinners(body);
}

function toHoliday(value: unknown): TwoDHoliday {
  const r = row(value);
  const key = text(r.key);
  return {
    date: text(r.date ?? r.holiday_date),
    name: text(r.name ?? r.title ?? r.description),
    weekday: text(r.weekday),
    key: isHolidayKey(key) ? key : null,
    substitute: r.substitute === true,
  };
}

export function twoDApi(api: Api, options: TwoDApiOptions = {}) {
  return {
    live: liveReader(api, liveUrls(api.baseURL, options.liveUrl)),

    async availability(session?: TwoDSession): Promise<TwoDAvailability> {
      return toAvailability(await api.request<unknown>('/twod-availability', { query: session ? { session } : {} }), session);
    },

    placeBet: (request: TwoDBetRequest) => placeBet(api, request),

    /** Today's slips of one draw, newest first as the server sends them. */
    async slips(session: TwoDSession): Promise<Slip[]> {
      const path = session === 'morning' ? '/twod-bet-slips' : '/evening-twod-bet-slips';
      return toPage(await api.request<unknown>(path), toSlip).items;
    },

    dailyWinners: (date: string, session?: TwoDSession) => dailyWinners(api, date, session),

    async holidays(): Promise<TwoDHoliday[]> {
      return toPage(await api.request<unknown>('/2d/holidays'), toHoliday).items;
    },
  };
}

export type TwoDApi = ReturnType<typeof twoDApi>;
