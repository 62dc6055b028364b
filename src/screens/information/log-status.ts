import type { StatusTone } from '../../components/StatusBadge';
import { CASHIER_LOG_LABELS, REQUEST_STATUS_LABELS } from '../../../shared/labels';

type LogLabel = (typeof CASHIER_LOG_LABELS)[keyof typeof CASHIER_LOG_LABELS] | (typeof REQUEST_STATUS_LABELS)[keyof typeof REQUEST_STATUS_LABELS] | 'log.failed';

/** Deposit/withdraw log status words (spec §4): Pending yellow, Success green, anything else red. */
export function cashierLogStatus(status: string): { tone: StatusTone; label: LogLabel } {
  const word = status.trim().toLowerCase();
  if (word === 'pending') return { tone: 'pending', label: CASHIER_LOG_LABELS.Pending };
  if (word === 'success') return { tone: 'success', label: CASHIER_LOG_LABELS.Success };
  if (word === 'reject' || word === 'rejected') return { tone: 'failed', label: CASHIER_LOG_LABELS.Reject };
  return { tone: 'failed', label: 'log.failed' };
}

/** Request status codes: 0 waiting (yellow), 1 transferred (green), 2 rejected (red). */
export function requestStatus(status: number | string): { tone: StatusTone; label: LogLabel } {
  const code = Number(status);
  if (code === 0) return { tone: 'pending', label: REQUEST_STATUS_LABELS[0] };
  if (code === 1) return { tone: 'success', label: REQUEST_STATUS_LABELS[1] };
  return { tone: 'failed', label: REQUEST_STATUS_LABELS[2] };
}
