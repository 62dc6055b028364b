/**
 * The operator console's calls to /api/admin (docs/operator.md): sign-in, the cashier queue and
 * receipts, 2D exposure and results, promotions, the day's figures and players. Answers are
 * passed on in the server's own (snake_case) shapes, typed here; the console is their only reader.
 */
import { ApiError, asList, type Api, type Envelope } from './client';
import { opsCalls } from './admin-ops';
import { adjustCalls } from './admin-adjust';
import { broadcastCalls } from './admin-broadcast';
import { toPage } from './normalise';
import type { PageOf } from './types';

export type OperatorRole = 'owner' | 'cashier' | 'content' | 'two_d' | 'finance';

export interface OperatorInfo {
  user_name: string;
  display_name: string;
  role: OperatorRole;
}

/** A signed-in operator: who, and the `METHOD /path` keys their role may call (menus follow them). */
export interface OperatorSession {
  token: string;
  operator: OperatorInfo;
  routes: string[];
}

export interface SignInInput {
  user_name: string;
  password: string;
  totp: string;
}

export interface SetupInput {
  user_name: string;
  setup_code: string;
  password: string;
  totp: string;
}

export type QueueKind = 'deposits' | 'withdrawals';
export type Decision = 'approve' | 'reject';

export interface QueueItem {
  id: number;
  amount: string;
  user: { id: number; user_name: string; name: string | null };
  payment_type: string | null;
  account_name: string | null;
  account_number: string | null;
  /** Deposits: the 6-digit transfer reference the player entered. */
  refrence_no?: string | null;
  has_receipt?: boolean;
  status: number;
  status_word: string;
  note: string | null;
  datetime: string;
  /** Withdrawals at or above the second-approval amount: who gave the first approval, and when (decision 0034). */
  first_approval?: { by: string | null; at: string } | null;
}

export interface DecisionInput {
  kind: QueueKind;
  id: number;
  decision: Decision;
  note: string;
}

export interface ExposureNumber {
  number: string;
  bets: number;
  stakes: string;
  payout_at_risk: string;
  break_amount: string;
  left: string;
  closed: boolean;
}

/** Whether a Yangon day trades 2D (Monday–Friday, not a holiday), and if not, why. */
export interface TradingDayFacts {
  trading_day: boolean;
  closed_reason: 'weekend' | 'holiday' | null;
  holiday: { name: string; key: string | null; substitute: boolean } | null;
}

export interface Exposure extends TradingDayFacts {
  date: string;
  session: 'morning' | 'evening';
  total_stakes: string;
  worst_payout: string;
  numbers: ExposureNumber[];
}

export interface TwoDResult {
  date: string;
  session: 'morning' | 'evening';
  twod: string;
  status: string;
  settlement?: { outcome: string; winners: number; paid: string; settled_at: string } | null;
  /** Two-person confirmation: who asked for this provisional result to be confirmed. */
  pending?: { by: string; at: string } | null;
}

export interface ResultInput {
  date: string;
  session: 'morning' | 'evening';
  twod: string;
  confirm: boolean;
}

export type Localised = Partial<Record<'en' | 'mm' | 'zh' | 'th', string>>;

export interface Promotion {
  id: number;
  title: Localised | null;
  description: Localised | null;
  image: string | null;
  status: number;
}

/** The operator-managed content kinds (server/domain/content/fields.ts). */
export const CONTENT_KINDS = ['banners', 'banner-texts', 'popup-ads', 'promotions', 'contacts', 'video-ads'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** A content row as the admin API gives it: request field names, texts as `{ en, mm, zh, th }`. */
export interface ContentItem {
  id: number;
  sort: number;
  /** 1 shown to players, 0 hidden. */
  status: number;
  [field: string]: unknown;
}

export interface MediaLimits {
  image: number;
  video: number;
}

/** GET /content: the upload limits (bytes) and accepted types. */
export interface ContentMeta {
  limits: MediaLimits;
  types: { image: string[]; video: string[] };
}

/** A saved row and the request fields whose text came in Zawgyi (stored converted to Unicode). */
export interface SavedContent {
  item: ContentItem;
  zawgyi: string[];
}

export interface SaveContentInput {
  kind: ContentKind;
  /** null: a new row. */
  id: number | null;
  values: Record<string, string>;
}

export interface StoredMedia {
  url: string;
  mime: string;
  size: number;
}

export interface DayFigures extends TradingDayFacts {
  date: string;
  deposits: Record<'approved' | 'rejected' | 'pending', { count: number; amount: string }>;
  withdrawals: Record<'approved' | 'rejected' | 'pending', { count: number; amount: string }>;
  families: Record<string, { bets: string; wins: string; refunds: string; ggr: string; bet_count: number }>;
  ggr: string;
  players_online: number;
  two_d_draws: { session: string; twod: string | null; status: string; source: string | null }[];
  /** Right now (issue 28): the same figures and counters GET /metrics shows. */
  live?: LiveFigures;
}

export interface LiveQueue {
  count: number;
  amount: string;
  /** Seconds the oldest pending request has waited; null when none waits. */
  oldest_age_seconds: number | null;
}

export interface LiveFigures {
  deposits: LiveQueue;
  withdrawals: LiveQueue;
  /** 5xx among answers since `since_seconds` ago (null: since the server started); null without metrics. */
  error_rate: { requests: number; errors: number; since_seconds: number | null } | null;
  books_check: { ok: boolean; discrepancies: number; finished_at: string; age_seconds: number | null } | null;
  two_d_overdue_draws: number;
}

/** A recorded books check (GET /books, POST /books/check; decision 0029). Money in Kyat, two decimals. */
export interface BooksCheck {
  id: number;
  ok: boolean;
  started_at: string;
  finished_at: string;
  trigger: 'schedule' | 'operator' | 'cli';
  actor: string;
  summary: {
    players: number;
    wallets: number;
    ledger_rows: number;
    records: number;
    totals: Record<'main' | 'game', { balance: string; ledger: string }>;
    discrepancies: number;
    by_kind: Record<string, number>;
    duration_ms: number;
  };
  discrepancies: { kind: string; user_id: number | null; wallet: string | null; expected: string | null; found: string | null; ids: string[] }[];
}

export interface PlayerRow {
  id: number;
  user_name: string;
  name: string | null;
  phone: string | null;
  banned: boolean;
  balance: string;
  main_balance: string;
  agent: string | null;
}

export interface LedgerRow {
  id: number;
  wallet: string;
  kind: string;
  amount: string;
  balance_after: string;
  created_at: string;
}

export interface PlayerActivity {
  slips: { id: number; slip_no: string; draw_date: string; session: string; total: string; status: string; created_at: string }[];
  digit_bets: { id: number; bet_type: string; digit: number | null; stake: string; rolled: number; outcome: string; win: string; created_at: string }[];
  game_rounds: { id: number; product_code: number; game_name: string; bet: string; payout: string; status: string; created_at: string }[];
}

export interface PlayerProfile extends PlayerRow {
  last_seen_at: string | null;
  ledger: LedgerRow[];
  activity: PlayerActivity;
}

/** A 429's `Retry-After`, in seconds, on the error the machine stores (else the server's words alone). */
export class RateLimited extends ApiError {
  constructor(
    from: ApiError,
    readonly retryAfter: number,
  ) {
    super(from.status, from.message, from.fieldErrors, from.data, from.code);
  }
}

export function adminApi(api: Api) {
  const get: Get = <T>(path: string) => api.request<Envelope<T>>(`/admin${path}`).then((r) => r.data);
  const send: Send = <T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: object) =>
    api.request<Envelope<T>>(`/admin${path}`, { method, body }).then((r) => r.data);

  return {
    /** The game catalogue (Games screen). */
    games: gameCalls(get, send),
    ...sessionCalls(api, get, send),
    ...cashierCalls(api, get, send),
    /** Today's draw (the server's Yangon day) unless a date is given. */
    exposure: (session: 'morning' | 'evening', date?: string) => get<Exposure>(`/two-d/exposure?session=${session}${date ? `&date=${date}` : ''}`),
    results: (date: string) => get<TwoDResult[]>(`/two-d/results?from=${date}&to=${date}`),
    postResult: (input: ResultInput) => send<{ result: TwoDResult; settlement: TwoDResult['settlement'] }>('POST', '/two-d/results', input),
    dashboard: () => get<DayFigures>('/dashboard'),
    /** The last recorded books check, if any; running one now (the owner's). */
    lastBooksCheck: () => get<BooksCheck[]>('/books?limit=1').then((rows) => rows[0] ?? null),
    checkBooks: () => send<BooksCheck>('POST', '/books/check', {}),
    ...playerCalls(get, send),
    ...contentCalls(api, get, send),
    ...reportCalls(api),
    /** Operators, the audit, 2D holidays / closures / breaks, rejecting a waiting result (admin-ops.ts). */
    ...opsCalls(api),
    /** Balance adjustments (admin-adjust.ts). */
    ...adjustCalls(api),
    /** Telegram broadcasts (admin-broadcast.ts). */
    ...broadcastCalls(api),
  };
}

/** Sign-in and setup: a 429 carries its wait (the header), which the form shows. */
async function guardedPost(api: Api, path: string, body: object): Promise<OperatorSession> {
  try {
    return await api.request<Envelope<OperatorSession>>(`/admin${path}`, { method: 'POST', body }).then((r) => r.data);
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) throw new RateLimited(err, err.retryAfter ?? 60);
    throw err;
  }
}

/** The operator's session: sign in, first setup, who am I, sign out. */
function sessionCalls(api: Api, get: Get, send: Send) {
  return {
    signIn: (input: SignInInput) => guardedPost(api, '/session', input),
    completeSetup: (input: SetupInput) => guardedPost(api, '/session/setup', input),
    me: async (): Promise<Omit<OperatorSession, 'token'>> => {
      const me = await get<OperatorInfo & { routes: string[] }>('/me');
      return { operator: { user_name: me.user_name, display_name: me.display_name, role: me.role }, routes: me.routes };
    },
    signOut: () => send<null>('DELETE', '/session'),
  };
}

/** The cashier's queues: pending requests, a decision, a deposit's receipt. */
function cashierCalls(api: Api, get: Get, send: Send) {
  return {
    queue: async (kind: QueueKind): Promise<QueueItem[]> => asList<QueueItem>(await get<unknown>(`/${kind}?status=pending`)),
    decide: ({ kind, id, decision, note }: DecisionInput) => send<QueueItem>('POST', `/${kind}/${id}/${decision}`, note.trim() ? { note: note.trim() } : {}),
    /** The receipt image as a Blob (the bearer header is needed, so no plain <img src>). */
    receipt: (id: number) => api.request<Blob>(`/admin/deposits/${id}/receipt`, { responseType: 'blob' }),
  };
}

/** Players: search, a profile with its ledger and activity, password reset, ban. */
function playerCalls(get: Get, send: Send) {
  return {
    players: async (q: string): Promise<PlayerRow[]> => asList<PlayerRow>(await get<unknown>(`/players?q=${encodeURIComponent(q)}`)),
    player: async (id: number): Promise<PlayerProfile> => {
      const [profile, ledger, activity] = await Promise.all([
        get<PlayerRow & { last_seen_at: string | null }>(`/players/${id}`),
        get<unknown>(`/players/${id}/ledger`),
        get<PlayerActivity>(`/players/${id}/activity`),
      ]);
      return { ...profile, ledger: asList<LedgerRow>(ledger).slice(0, 20), activity };
    },
    /** The player's latest ledger rows (the cashier's view of a request's player). */
    recentLedger: async (id: number): Promise<LedgerRow[]> => asList<LedgerRow>(await get<unknown>(`/players/${id}/ledger`)).slice(0, 8),
    /** A one-time password, in this answer only; the player's sessions end. */
    resetPassword: (id: number) => send<{ password: string }>('POST', `/players/${id}/password-reset`),
    setBanned: (id: number, banned: boolean) => send<PlayerRow>('POST', `/players/${id}/${banned ? 'ban' : 'unban'}`),
  };
}

/** Managed content: promotions, every content kind's rows, their order and uploads. */
function contentCalls(api: Api, get: Get, send: Send) {
  return {
    promotions: () => get<Promotion[]>('/content/promotions'),
    savePromotionTitle: (id: number, title: Localised) => send<Promotion>('PATCH', `/content/promotions/${id}`, { title }),
    contentMeta: () => get<ContentMeta>('/content'),
    contentList: (kind: ContentKind) => get<ContentItem[]>(`/content/${kind}`),
    saveContent: async ({ kind, id, values }: SaveContentInput): Promise<SavedContent> => {
      const path = id === null ? `/admin/content/${kind}` : `/admin/content/${kind}/${id}`;
      const answer = await api.request<Envelope<ContentItem> & { zawgyi?: string[] }>(path, { method: id === null ? 'POST' : 'PATCH', body: values });
      return { item: answer.data, zawgyi: answer.zawgyi ?? [] };
    },
    setContentStatus: (kind: ContentKind, id: number, shown: boolean) => send<ContentItem>('PATCH', `/content/${kind}/${id}`, { status: shown ? 1 : 0 }),
    deleteContent: (kind: ContentKind, id: number) => send<ContentItem>('DELETE', `/content/${kind}/${id}`),
    orderContent: (kind: ContentKind, ids: number[]) => send<ContentItem[]>('POST', `/content/${kind}/order`, { ids }),
    /** An image or video on its own (multipart `file`); its URL then goes into the row. */
    uploadMedia: (file: Blob) => {
      const form = new FormData();
      form.append('file', file);
      return api.request<Envelope<StoredMedia>>('/admin/media', { method: 'POST', body: form }).then((r) => r.data);
    },
  };
}

export type AdminApi = ReturnType<typeof adminApi>;

// ─── The game catalogue (docs/operator.md § Games) ───────────────────────────────────────────

export type Shown = 0 | 1;

export interface AdminGameType {
  id: number;
  code: string;
  name: string;
  img: string;
  sort: number;
  status: number;
  products: number;
  games: number;
}

export interface AdminProduct {
  id: number;
  game_type_id: number;
  type_code: string;
  type_name: string;
  type_status: number;
  product_code: number;
  product_name: string;
  product_title: string;
  sort: number;
  status: number;
  games: number;
}

export interface AdminProvider {
  id: number;
  code: string;
  name: string;
  short_name: string;
  color: string;
  img_url: string;
  status: number;
  products: AdminProduct[];
}

export interface AdminGame {
  id: number;
  game_code: string;
  game_name: string;
  image_url: string;
  status: number;
  is_hot: boolean;
  hot_position: number;
  sort: number;
  product: { id: number; product_code: number; status: number };
  provider: { id: number; code: string; name: string; status: number };
  type: { id: number; code: string; name: string; status: number };
  /** Players see it: the game, its product, provider and type are all shown. */
  visible: boolean;
}

export interface GameFilter {
  type?: number;
  provider?: number;
  q?: string;
  hot?: boolean;
  hidden?: boolean;
}

export type StatusTarget = 'types' | 'providers' | 'products' | 'games';

type Get = <T>(path: string) => Promise<T>;
type Send = <T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: object) => Promise<T>;

function gameCalls(get: Get, send: Send) {
  return {
    types: () => get<AdminGameType[]>('/games/types'),
    providers: () => get<AdminProvider[]>('/games/providers'),
    hot: () => get<AdminGame[]>('/games/hot'),
    page: async (filter: GameFilter, page: number): Promise<PageOf<AdminGame>> => {
      const query = new URLSearchParams({ page: String(page) });
      if (filter.type) query.set('type', String(filter.type));
      if (filter.provider) query.set('provider', String(filter.provider));
      if (filter.q?.trim()) query.set('q', filter.q.trim());
      if (filter.hot) query.set('hot', '1');
      if (filter.hidden) query.set('hidden', '1');
      return toPage<AdminGame>(await get<unknown>(`/games?${query}`));
    },
    /** Shows (1) or hides (0) a type, provider, product or game. */
    setStatus: (target: StatusTarget, id: number, status: Shown) => send<unknown>('POST', target === 'games' ? `/games/${id}/status` : `/games/${target}/${id}/status`, { status }),
    setHot: (id: number, hot: boolean) => send<AdminGame>('POST', `/games/${id}/hot`, { hot }),
    /** The hot list becomes exactly these games, in this order. */
    setHotList: (ids: number[]) => send<AdminGame[]>('POST', '/games/hot', { ids }),
  };
}

// ─── Reports and disputes (docs/operator.md § Reports, § Disputes) ────────────────────────────

export interface ReportRange {
  from: string;
  to: string;
}

export interface ReportFamilyRow {
  date: string;
  family: 'games' | 'two_d' | 'digit' | 'shan';
  game_type: { id: number; code: string; name: string } | null;
  bets: string;
  wins: string;
  refunds: string;
  ggr: string;
  bet_count: number;
}

export interface ReportAgentRow {
  date: string;
  agent_code: string;
  agent_name: string;
  deposits_count: number;
  deposits_amount: string;
  withdrawals_count: number;
  withdrawals_amount: string;
  new_players: number;
  ggr: string;
}

export interface Report extends ReportRange {
  families: ReportFamilyRow[];
  families_total: Omit<ReportFamilyRow, 'date' | 'family' | 'game_type'>;
  agents: ReportAgentRow[];
  agents_total: Omit<ReportAgentRow, 'date' | 'agent_code' | 'agent_name'>;
}

export type DisputeQuery = { player: string } | { transaction: string };

export interface DisputeLedgerRow {
  id: number;
  user_id: number;
  wallet: string;
  kind: string;
  amount: string;
  balance_before: string;
  balance_after: string;
  reference: string | null;
  created_at: string;
}

export interface Dispute {
  query: DisputeQuery & { days: number };
  players: { id: number; user_name: string; name: string | null; phone: string | null; telegram_id: number | null }[];
  calls: { id: number; endpoint: string; http_status: number | null; request_bytes: number | null; request: unknown; response: unknown; created_at: string }[];
  transactions: { id: number; product_code: number; tx_id: string; user_id: number; endpoint: string; action: string; wager_code: string | null; game_code: string | null; amount: string; code: number; created_at: string }[];
  wagers: { id: number; product_code: number; wager_code: string; user_id: number; game_code: string; game_name: string; bet_amount: string; payout: string; status: string; created_at: string; settled_at: string | null }[];
  shan: { id: number; operator_code: string; round_id: string; kind: string; user_id: number; amount: string; response: unknown; detail: unknown; created_at: string }[];
  rounds: { id: string; operator_code: string; member_account: string; stake: string; payout: string | null; status: string; created_at: string; updated_at: string }[];
  ledger: DisputeLedgerRow[];
}

/** The report's CSV as the server names it (Content-Disposition), else after its range. */
export interface ReportFile {
  blob: Blob;
  fileName: string;
}

function reportCalls(api: Api) {
  const range = ({ from, to }: ReportRange) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  return {
    report: (r: ReportRange) => api.request<Envelope<Report>>(`/admin/reports?${range(r)}`).then((res) => res.data),
    /** The CSV as a Blob: the bearer header is needed, so no plain link. */
    reportCsv: async (r: ReportRange): Promise<ReportFile> => {
      let fileName = `kyatplay-report-${r.from}-to-${r.to}.csv`;
      const blob = await api.request<Blob>(`/admin/reports?${range(r)}&format=csv`, {
        responseType: 'blob',
        onResponse: ({ response }) => {
          const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
          if (named) fileName = named[1]!;
        },
      });
      return { blob, fileName };
    },
    disputes: (q: DisputeQuery) => {
      const query = 'player' in q ? `player=${encodeURIComponent(q.player)}` : `transaction=${encodeURIComponent(q.transaction)}`;
      return api.request<Envelope<Dispute>>(`/admin/disputes?${query}`).then((res) => res.data);
    },
  };
}
