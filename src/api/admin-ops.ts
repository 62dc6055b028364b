/**
 * The console's owner and 2D calls added with issue 17 (docs/operator.md § Console — operators,
 * audit, 2D rules): operator accounts, the audit log (filtered, paged), holidays, closures,
 * per-number breaks and turning down a 2D result that waits for a second operator. Answers keep
 * the server's snake_case shapes; adminApi spreads these in.
 */
import type { Api, Envelope } from './client';
import { toPage } from './normalise';
import type { PageOf } from './types';

export type OperatorRoleName = 'owner' | 'cashier' | 'content' | 'two_d' | 'finance';

export interface OperatorAccount {
  id: number;
  user_name: string;
  display_name: string;
  role: OperatorRoleName;
  /** Password and authenticator set up (the setup code was used). */
  enrolled: boolean;
  setup_pending: boolean;
  disabled: boolean;
  live_sessions: number;
  last_sign_in_at: string | null;
  created_at: string;
}

/** What a create or a TOTP reset hands over, once. */
export interface OperatorHandout extends OperatorAccount {
  setup_code?: string;
  setup_expires_at?: string;
  otpauth_uri?: string;
  sessions_ended?: number;
}

export interface NewOperatorInput {
  user_name: string;
  display_name: string;
  role: OperatorRoleName;
}

export type OperatorCommand = 'disable' | 'enable' | 'reset-totp' | 'revoke-sessions';

export interface AuditEntry {
  id: number;
  at: string;
  actor_kind: string;
  actor: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

export interface AuditQuery {
  actor?: string;
  action?: string;
  /** A Yangon calendar day (YYYY-MM-DD). */
  date?: string;
  page?: number;
}

export interface Holiday {
  date: string;
  name: string;
  weekday?: string;
}

export interface Closure {
  kind: 'head' | 'number';
  value: string;
  numbers: string[];
}

export interface BreakLimits {
  default_break: string;
  limits: { number: string; break_amount: string }[];
}

export type DrawSession = 'morning' | 'evening';

/** The next day of a YYYY-MM-DD, as a calendar date. */
const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

export function opsCalls(api: Api) {
  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object) =>
    api.request<Envelope<T>>(`/admin${path}`, { method, body }).then((r) => r.data);
  return {
    operators: () => call<{ roles: OperatorRoleName[]; operators: OperatorAccount[] }>('GET', '/operators').then((d) => d.operators),
    createOperator: (input: NewOperatorInput) => call<OperatorHandout>('POST', '/operators', input),
    operatorCommand: (userName: string, command: OperatorCommand) => call<OperatorHandout>('POST', `/operators/${encodeURIComponent(userName)}/${command}`),
    audit: async (q: AuditQuery): Promise<PageOf<AuditEntry>> => {
      const params = new URLSearchParams();
      if (q.actor) params.set('actor', q.actor);
      if (q.action) params.set('action', q.action);
      // The day as Yangon reads it: [00:00, next 00:00) at UTC+06:30.
      if (q.date) {
        params.set('from', `${q.date}T00:00:00+06:30`);
        params.set('to', `${nextDay(q.date)}T00:00:00+06:30`);
      }
      params.set('page', String(q.page ?? 1));
      return toPage<AuditEntry>(await call<unknown>('GET', `/audit?${params}`));
    },
    /** Holidays from `from` (YYYY-MM-DD) on, or all of them. */
    holidays: (from?: string) => call<Holiday[]>('GET', `/two-d/holidays${from ? `?from=${from}` : ''}`),
    addHoliday: (input: { date: string; name: string }) => call<Holiday>('POST', '/two-d/holidays', input),
    removeHoliday: (date: string) => call<{ date: string }>('DELETE', `/two-d/holidays/${encodeURIComponent(date)}`),
    closures: () => call<Closure[]>('GET', '/two-d/closures'),
    addClosure: (input: { kind: Closure['kind']; value: string }) => call<Closure>('POST', '/two-d/closures', input),
    removeClosure: (input: { kind: Closure['kind']; value: string }) => call<Closure>('DELETE', '/two-d/closures', input),
    limits: () => call<BreakLimits>('GET', '/two-d/limits'),
    setLimit: (input: { number: string; break_amount: number }) => call<{ number: string; break_amount: string }>('PUT', `/two-d/limits/${encodeURIComponent(input.number)}`, { break_amount: input.break_amount }),
    removeLimit: (number: string) => call<{ number: string }>('DELETE', `/two-d/limits/${encodeURIComponent(number)}`),
    rejectResult: (input: { date: string; session: DrawSession }) => call<unknown>('POST', '/two-d/results/reject', input),
  };
}
