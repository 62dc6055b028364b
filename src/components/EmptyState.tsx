import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../shared/components/Icon';

export function EmptyState({ icon = 'list', title, hint, action }: { icon?: IconName; title: string; hint?: string; action?: ReactNode }) {
  return (
    <div className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-raised text-muted">
        <Icon name={icon} size={26} />
      </span>
      <p className="text-lg font-semibold">{title}</p>
      {hint ? <p className="max-w-md text-sm text-muted">{hint}</p> : null}
      {action}
    </div>
  );
}
