/**
 * The console's balance adjustments (docs/operator.md § Adjustments): credit or debit a player's
 * wallet with a kind and a reason, the list waiting for a second operator, approve or reject. A
 * new adjustment carries an Idempotency-Key the form keeps until it has an answer, so a retry
 * after a lost answer never moves money twice. Answers keep the server's snake_case shapes.
 */
import type { Api, Envelope } from './client';

export type AdjustmentKind = 'bonus' | 'correction' | 'goodwill';
export type AdjustmentWallet = 'main' | 'game';
export type AdjustmentDirection = 'credit' | 'debit';

export interface Adjustment {
  id: number;
  user_id: number;
  user?: { id: number; user_name: string; name: string };
  wallet: AdjustmentWallet;
  kind: AdjustmentKind;
  /** Signed, "5000.00" or "-1000.00". */
  amount: string;
  reason: string;
  status: 'pending' | 'applied' | 'rejected';
  requested_by: string;
  decided_by: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface AdjustmentInput {
  wallet: AdjustmentWallet;
  direction: AdjustmentDirection;
  kind: AdjustmentKind;
  amount: string;
  reason: string;
  /** The Idempotency-Key of this submission. */
  key: string;
}

export interface AdjustmentAnswer {
  adjustment: Adjustment;
  balances: { balance: string; main_balance: string } | null;
}

export function adjustCalls(api: Api) {
  return {
    adjust: (playerId: number, { key, ...body }: AdjustmentInput) =>
      api.request<Envelope<AdjustmentAnswer>>(`/admin/players/${playerId}/adjustments`, { method: 'POST', body, headers: { 'Idempotency-Key': key } }).then((r) => r.data),
    pendingAdjustments: () => api.request<Envelope<{ adjustments: Adjustment[]; threshold: string }>>('/admin/adjustments?status=pending').then((r) => r.data),
    decideAdjustment: (id: number, decision: 'approve' | 'reject') => api.request<Envelope<AdjustmentAnswer>>(`/admin/adjustments/${id}/${decision}`, { method: 'POST', body: {} }).then((r) => r.data),
  };
}
