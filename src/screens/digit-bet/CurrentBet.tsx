import { useTranslation } from '../../i18n/react';
import { DigitArt } from '../../components/DigitArt';
import { useDigitView } from './digit-view';
import { betTypeText, mmk } from './digit-text';

/** The 'Current Bet' summary: what the next roll (or the one in flight, or the one to retry) is. */
export function CurrentBet() {
  const { t } = useTranslation();
  const bet = useDigitView().currentBet;
  return (
    <section className="card flex items-center gap-3 p-4" aria-labelledby="current-bet" data-testid="current-bet">
      {!bet || bet.betType === 'digit' ? <DigitArt value={bet?.digit ?? null} size={48} /> : <SideBadge big={bet.betType === 'big'} />}
      <div className="min-w-0 flex-1">
        <h2 id="current-bet" className="text-xs font-semibold uppercase tracking-widest text-muted">
          {t('digit.currentBet')}
        </h2>
        {bet ? (
          <p className="mt-0.5 text-sm">
            <span className="font-bold">{bet.betType === 'digit' ? t('digit.digitLabel', { n: bet.digit }) : betTypeText(t, bet.betType)}</span>
            <span className="text-muted"> · </span>
            <span className="tabular-nums">
              {mmk(bet.betAmount)} × {bet.multiplier} = <span className="money">{mmk(bet.stake)}</span> {t('common.currency')}
            </span>
            {bet.retry ? <span className="mt-1 block text-xs text-pending">{t('digit.retryHint')}</span> : null}
          </p>
        ) : (
          <p className="mt-0.5 text-sm text-muted">{t('digit.noCurrentBet')}</p>
        )}
      </div>
    </section>
  );
}

/** Big or Small as its range of digits (no words to cut in any language). */
function SideBadge({ big }: { big: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-xl border-2 text-sm font-extrabold tabular-nums ${big ? 'border-primary text-primary' : 'border-link text-link'}`}
    >
      {big ? '5-9' : '0-4'}
    </span>
  );
}
