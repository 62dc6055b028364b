/**
 * The operator console's calls to /api/admin (docs/operator.md): sign-in, the cashier queue and
 * receipts, 2D exposure and results, promotions, the day's figures and players. Answers are
 * passed on in the server's own (snake_case) shapes, typed here; the console is their only reader.
 */
import { ApiError, asList, type Api, type Envelope } from './client';

export type OperatorRole = 'owner' | 'cashier' | 'content' | 'two_d';

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

export interface Exposure {
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

export interface DayFigures {
  date: string;
  deposits: Record<'approved' | 'rejected' | 'pending', { count: number; amount: string }>;
  withdrawals: Record<'approved' | 'rejected' | 'pending', { count: number; amount: string }>;
  families: Record<string, { bets: string; wins: string; refunds: string; ggr: string; bet_count: number }>;
  ggr: string;
  players_online: number;
  two_d_draws: { session: string; twod: string | null; status: string; source: string | null }[];
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

export interface PlayerProfile extends PlayerRow {
  last_seen_at: string | null;
  ledger: LedgerRow[];
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
  const get = <T>(path: string) => api.request<Envelope<T>>(`/admin${path}`).then((r) => r.data);
  const send = <T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: object) =>
    api.request<Envelope<T>>(`/admin${path}`, { method, body }).then((r) => r.data);

  /** Sign-in and setup: a 429 carries its wait (the header), which the form shows. */
  async function guardedPost(path: string, body: object): Promise<OperatorSession> {
    let retryAfter = 0;
    try {
      return await api.request<Envelope<OperatorSession>>(`/admin${path}`, {
        method: 'POST',
        body,
        onResponseError: ({ response }) => {
          retryAfter = Number(response.headers.get('retry-after') ?? 0) || 0;
        },
      }).then((r) => r.data);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) throw new RateLimited(err, retryAfter || 60);
      throw err;
    }
  }

  return {
    signIn: (input: SignInInput) => guardedPost('/session', input),
    completeSetup: (input: SetupInput) => guardedPost('/session/setup', input),
    me: async (): Promise<Omit<OperatorSession, 'token'>> => {
      const me = await get<OperatorInfo & { routes: string[] }>('/me');
      return { operator: { user_name: me.user_name, display_name: me.display_name, role: me.role }, routes: me.routes };
    },
    signOut: () => send<null>('DELETE', '/session'),
    queue: async (kind: QueueKind): Promise<QueueItem[]> => asList<QueueItem>(await get<unknown>(`/${kind}?status=pending`)),
    decide: ({ kind, id, decision, note }: DecisionInput) => send<QueueItem>('POST', `/${kind}/${id}/${decision}`, note.trim() ? { note: note.trim() } : {}),
    /** The receipt image as a Blob (the bearer header is needed, so no plain <img src>). */
    receipt: (id: number) => api.request<Blob>(`/admin/deposits/${id}/receipt`, { responseType: 'blob' } as never),
    /** Today's draw (the server's Yangon day) unless a date is given. */
    exposure: (session: 'morning' | 'evening', date?: string) => get<Exposure>(`/two-d/exposure?session=${session}${date ? `&date=${date}` : ''}`),
    results: (date: string) => get<TwoDResult[]>(`/two-d/results?from=${date}&to=${date}`),
    postResult: (input: ResultInput) => send<{ result: TwoDResult; settlement: TwoDResult['settlement'] }>('POST', '/two-d/results', input),
    promotions: () => get<Promotion[]>('/content/promotions'),
    savePromotionTitle: (id: number, title: Localised) => send<Promotion>('PATCH', `/content/promotions/${id}`, { title }),
    dashboard: () => get<DayFigures>('/dashboard'),
    players: async (q: string): Promise<PlayerRow[]> => asList<PlayerRow>(await get<unknown>(`/players?q=${encodeURIComponent(q)}`)),
    player: async (id: number): Promise<PlayerProfile> => {
      const [profile, ledger] = await Promise.all([get<PlayerRow & { last_seen_at: string | null }>(`/players/${id}`), get<unknown>(`/players/${id}/ledger`)]);
      return { ...profile, ledger: asList<LedgerRow>(ledger).slice(0, 20) };
    },
    setBanned: (id: number, banned: boolean) => send<PlayerRow>('POST', `/players/${id}/${banned ? 'ban' : 'unban'}`),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
