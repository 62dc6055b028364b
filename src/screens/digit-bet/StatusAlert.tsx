import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../components/Icon';
import { selectSecondsLeft, selectStatus } from '../../machines/digit-bet/digit-bet.selectors';
import { useDigit } from './digit-actor';
import { statusView, type StatusTone } from './digit-text';

const ICON: Record<StatusTone, IconName> = { win: 'trophy', loss: 'info', info: 'clock', error: 'alert' };

/** The result or status alert: the countdown ('Rolling in N...'), the outcome, or what went wrong. */
export function StatusAlert() {
  const { t } = useTranslation();
  const status = useDigit(selectStatus);
  const seconds = useDigit(selectSecondsLeft);
  const view = seconds !== null ? { tone: 'info' as const, text: t('digit.rollingIn', { n: seconds }) } : status ? statusView(t, status) : null;
  // Outcomes and errors are announced; the ticking countdown is not (it would speak every second).
  return (
    <div aria-live="polite">
      {view ? (
        <div
          data-testid="digit-status"
          data-tone={view.tone}
          aria-live={seconds !== null ? 'off' : undefined}
          className={`kp-status-${view.tone} flex items-start gap-2 rounded-xl border px-3 py-2.5 text-sm font-semibold`}
        >
          <Icon name={ICON[view.tone]} size={18} className={`mt-0.5 shrink-0 ${view.tone === 'win' ? 'text-win' : view.tone === 'info' ? 'text-primary' : 'text-loss'}`} />
          <span className="min-w-0 flex-1 tabular-nums">{view.text}</span>
        </div>
      ) : null}
    </div>
  );
}
