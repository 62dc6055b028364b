import { useTranslation } from '../../i18n/react';
import { Icon, type IconName } from '../../../shared/components/Icon';
import type { DigitStatus } from '../../machines/digit-bet/digit-bet-rules';
import { useDigitView } from './digit-view';
import { statusView, type StatusTone } from './digit-text';

const ICON: Record<StatusTone, IconName> = { win: 'trophy', loss: 'info', info: 'clock', error: 'alert' };

/**
 * The status under Roll the Dice: the countdown ('Rolling in N...') or what went wrong. The
 * outcome of a roll shows with the rolled digit instead (ResultStage), so both are seen together.
 */
export function StatusAlert() {
  const { t } = useTranslation();
  const { status, secondsLeft: seconds } = useDigitView();
  const problem = status && status.code !== 'won' && status.code !== 'lost' ? status : null;
  // Errors are announced; the ticking countdown is not (it would speak every second).
  return (
    <div aria-live="polite">
      {seconds !== null ? (
        <Line tone="info" text={t('digit.rollingIn', { n: seconds })} live={false} />
      ) : problem ? (
        <StatusLine status={problem} />
      ) : null}
    </div>
  );
}

/** One status in its tone: the outcome, a refusal, an error or the 'place a bet' hint. */
export function StatusLine({ status, className = '' }: { status: DigitStatus; className?: string }) {
  const { t } = useTranslation();
  const view = statusView(t, status);
  return <Line tone={view.tone} text={view.text} className={className} />;
}

function Line({ tone, text, live = true, className = '' }: { tone: StatusTone; text: string; live?: boolean; className?: string }) {
  return (
    <div
      data-testid="digit-status"
      data-tone={tone}
      aria-live={live ? undefined : 'off'}
      className={`kp-status-${tone} flex items-start gap-2 rounded-xl border px-3 py-2.5 text-left text-sm font-semibold ${className}`}
    >
      <Icon name={ICON[tone]} size={18} className={`mt-0.5 shrink-0 ${tone === 'win' ? 'text-win' : tone === 'info' ? 'text-primary' : 'text-loss'}`} />
      <span className="min-w-0 flex-1 tabular-nums">{text}</span>
    </div>
  );
}
