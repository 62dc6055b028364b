import type { StatusTone } from '../../components/StatusBadge';

type LogLabel = 'log.pending' | 'log.success' | 'log.rejected' | 'log.failed' | 'log.waiting' | 'log.transferred';

/** Deposit/withdraw log status words (spec §4): Pending yellow, Success green, anything else red. */
export function cashierLogStatus(status: string): { tone: StatusTone; label: LogLabel } {
  const word = status.trim().toLowerCase();
  if (word === 'pending') return { tone: 'pending', label: 'log.pending' };
  if (word === 'success') return { tone: 'success', label: 'log.success' };
  if (word === 'reject' || word === 'rejected') return { tone: 'failed', label: 'log.rejected' };
  return { tone: 'failed', label: 'log.failed' };
}

/** Request status codes: 0 waiting (yellow), 1 transferred (green), 2 rejected (red). */
export function requestStatus(status: number | string): { tone: StatusTone; label: LogLabel } {
  const code = Number(status);
  if (code === 0) return { tone: 'pending', label: 'log.waiting' };
  if (code === 1) return { tone: 'success', label: 'log.transferred' };
  return { tone: 'failed', label: 'log.rejected' };
}
