import { useTranslation } from 'react-i18next';
import { DigitArt } from '../../components/DigitArt';
import { selectLastRoll, selectRolling, selectSecondsLeft } from '../../machines/digit-bet/digit-bet.selectors';
import { useDigit } from './digit-actor';

/** The result image: '?' until a roll, tumbling while the server rolls, then the rolled digit. */
export function ResultStage() {
  const { t } = useTranslation();
  const lastRoll = useDigit(selectLastRoll);
  const rolling = useDigit(selectRolling);
  const seconds = useDigit(selectSecondsLeft);
  // A new bet row per roll: the reveal plays again even when the same digit comes twice.
  const rollId = useDigit((s) => s.context.history[0]?.id ?? 0);
  const shown = rolling ? null : lastRoll;

  return (
    <section className="kp-result-stage card relative flex flex-col items-center gap-2 overflow-hidden px-4 py-5" aria-live="polite" aria-busy={rolling}>
      <p className="text-xs font-semibold uppercase tracking-widest text-muted">{t('digit.result')}</p>
      <div key={shown === null ? 'blank' : `roll-${rollId}`} className={rolling ? 'kp-dice-rolling' : shown !== null ? 'kp-dice-reveal' : ''} data-testid="digit-result" data-digit={shown ?? ''}>
        <DigitArt value={shown} size={136} label={shown === null ? t('digit.noResult') : t('digit.rolledLabel', { n: shown })} />
      </div>
      <p className="min-h-6 text-sm font-semibold tabular-nums text-muted">
        {rolling ? t('digit.rolling') : seconds !== null ? t('digit.rollingIn', { n: seconds }) : shown !== null ? t('digit.rolledLabel', { n: shown }) : t('digit.pickHint')}
      </p>
    </section>
  );
}

