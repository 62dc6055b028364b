import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { DigitArt } from '../../components/DigitArt';
import { useDigitView } from './digit-view';
import { StatusLine } from './StatusAlert';

/**
 * The result image: '?' until a roll, tumbling while the server rolls, then the rolled digit with
 * the win or lose message under it. While the countdown runs it says 'Rolling in N...' with
 * 'Roll now' beside it. A roll brings the stage into view (on a phone the player is lower down,
 * at the stake).
 */
export function ResultStage() {
  const { t } = useTranslation();
  // rollId: a new bet row per roll, so the reveal plays again even when the same digit comes twice.
  const { lastRoll, rolling, secondsLeft: seconds, status, rollId } = useDigitView();
  const shown = rolling ? null : lastRoll;
  const outcome = !rolling && status && (status.code === 'won' || status.code === 'lost') ? status : null;
  const stage = useRef<HTMLElement>(null);
  useEffect(() => {
    if (outcome) stage.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [outcome, rollId]);

  return (
    <section
      ref={stage}
      className="kp-result-stage card relative flex scroll-mt-[calc(var(--kp-topbar-h)+var(--kp-safe-top)+12px)] scroll-mb-[calc(var(--kp-bottombar-h)+12px)] flex-col items-center gap-2 overflow-hidden px-4 py-5"
      aria-live="polite"
      aria-busy={rolling}
      data-testid="result-stage"
    >
      <p className="text-xs font-semibold uppercase tracking-widest text-muted">{t('digit.result')}</p>
      <div key={shown === null ? 'blank' : `roll-${rollId}`} className={rolling ? 'kp-dice-rolling' : shown !== null ? 'kp-dice-reveal' : ''} data-testid="digit-result" data-digit={shown ?? ''}>
        <DigitArt value={shown} size={136} label={shown === null ? t('digit.noResult') : t('digit.rolledLabel', { n: shown })} />
      </div>
      {outcome ? (
        <StatusLine status={outcome} className="w-full max-w-md" />
      ) : seconds !== null ? (
        <Countdown seconds={seconds} />
      ) : (
        <p className="min-h-6 text-sm font-semibold tabular-nums text-muted">
          {rolling ? t('digit.rolling') : shown !== null ? t('digit.rolledLabel', { n: shown }) : t('digit.pickHint')}
        </p>
      )}
    </section>
  );
}

/** 'Rolling in N...' and, beside it, 'Roll now' (the countdown still rolls by itself at 0). */
function Countdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const { roll } = useDigitView();
  return (
    <div className="flex min-h-11 flex-wrap items-center justify-center gap-x-3 gap-y-1">
      <p className="text-sm font-semibold tabular-nums text-muted" aria-live="off">
        {t('digit.rollingIn', { n: seconds })}
      </p>
      <button type="button" className="btn-primary min-h-9 rounded-full px-4 text-sm" data-testid="roll-now" onClick={roll}>
        {t('digit.rollNow')}
      </button>
    </div>
  );
}
