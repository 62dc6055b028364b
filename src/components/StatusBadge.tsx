import { Icon, type IconName } from '../../shared/components/Icon';

export type StatusTone = 'pending' | 'success' | 'failed';

const STYLE: Record<StatusTone, { className: string; icon: IconName }> = {
  pending: { className: 'text-pending', icon: 'clock' },
  success: { className: 'text-win', icon: 'check' },
  failed: { className: 'text-loss', icon: 'cross' },
};

/** A request's status: yellow with a clock, green with a check, red with a cross (spec §4). */
export function StatusBadge({ tone, label }: { tone: StatusTone; label: string }) {
  const { className, icon } = STYLE[tone];
  return (
    <span className={`inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border border-current bg-raised px-2.5 py-1 text-xs font-semibold ${className}`}>
      <Icon name={icon} size={14} />
      {label}
    </span>
  );
}
