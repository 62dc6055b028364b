import { useTranslation } from '../../i18n/react';
import { noticeText } from '../../app/notice-text';
import { Icon } from '../../../shared/components/Icon';
import { Money } from '../../components/Money';
import { useBetView } from './bet-view';

/**
 * The bet's summary, pinned above the bottom bar while the grid scrolls: how many numbers, the
 * total, Clear, and Bet (to the review). A refusal (stake below 100, a bad entry) shows above it.
 */
export function BetBar({ closed }: { closed: boolean }) {
  const { t } = useTranslation();
  const { picked, total, canConfirm, error, clearNumbers, confirmSelection } = useBetView();
  const count = picked.length;

  return (
    <div className="sticky bottom-[calc(var(--kp-bottombar-h)+var(--kp-safe-bottom)+8px)] z-20 lg:bottom-4">
      <div className="card flex flex-col gap-2 p-3 shadow-2xl">
        {error ? (
          <p role="alert" className="flex items-start gap-2 whitespace-pre-line text-sm text-loss">
            <Icon name="alert" size={18} className="mt-0.5 shrink-0" />
            <span className="text-fg">{noticeText(t, error)}</span>
          </p>
        ) : null}
        <div className="flex items-center gap-2">
          <div className="min-w-0 flex-1" aria-live="polite">
            <p className="text-xs text-muted">{t('two_d.selectedCount', { count })}</p>
            <p className="truncate text-base">
              <Money value={total} />
            </p>
          </div>
          <button type="button" className="btn-ghost border border-line px-3" onClick={clearNumbers} disabled={!count}>
            <Icon name="trash" size={18} />
            <span className="sr-only sm:not-sr-only">{t('two_d.clear')}</span>
          </button>
          <button type="button" className="btn-primary px-5" disabled={!canConfirm || closed} onClick={confirmSelection}>
            {t('two_d.betCount', { count })}
          </button>
        </div>
      </div>
    </div>
  );
}
