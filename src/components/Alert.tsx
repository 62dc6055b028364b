import type { ReactNode } from 'react';
import { Icon } from '../../shared/components/Icon';

type Tone = 'error' | 'info';

const TONE: Record<Tone, string> = {
  error: 'border-loss text-loss',
  info: 'border-line text-muted',
};

/** A message box: errors are announced (role=alert), notes are not. */
export function Alert({ tone = 'error', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : undefined} className={`flex items-start gap-2 rounded-xl border bg-raised px-3 py-2.5 text-sm ${TONE[tone]}`}>
      <Icon name={tone === 'error' ? 'alert' : 'info'} size={18} className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1 text-fg">{children}</div>
    </div>
  );
}
