import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../components/Button';
import { Icon } from '../../../shared/components/Icon';
import { onRadioArrows } from '../../components/radio-keys';
import { useDigitView } from './digit-view';
import { mmk } from './digit-text';
import { StatusAlert } from './StatusAlert';
import { useMainButton } from '../../telegram/use-main-button';

/**
 * The stake as one sum: the bet (set in the bet multiplier modal: bet × coin value × 20) times
 * the multiplier (×1–×100) is the stake. Then Roll the Dice ('Roll now' during the countdown) and
 * the status.
 */
export function StakePanel() {
  const { t } = useTranslation();
  const { rolling, counting, canRoll, modalOpen, roll } = useDigitView();
  const label = rolling ? t('digit.rolling') : counting ? t('digit.rollNow') : t('digit.roll');
  // Not while the amount modal covers the page (its own Confirm is the action then).
  useMainButton({ text: label, enabled: canRoll && !modalOpen, busy: rolling, onClick: roll });

  return (
    <section className="card flex flex-col gap-4 p-4" aria-labelledby="stake-title">
      <StakeSum />
      <Button className="tg-web-only min-h-13 w-full text-base" busy={rolling} disabled={!canRoll} data-testid="roll" onClick={roll}>
        {label}
      </Button>
      <StatusAlert />
    </section>
  );
}

/** Bet × multiplier = stake, read top to bottom as one sum. */
function StakeSum() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <h2 id="stake-title" className="text-base font-bold">
        {t('digit.stakeTitle')}
      </h2>
      <BetAmountField id={id} />
      <MultiplierPicker id={id} />
      <StakeLine />
    </div>
  );
}

/** The bet amount: read-only here, it opens the bet multiplier modal (click, Enter or Space). */
function BetAmountField({ id }: { id: string }) {
  const { t } = useTranslation();
  const { betAmount, openModal } = useDigitView();
  return (
    <div>
      <label htmlFor={id} className="label">
        {t('digit.betAmount')}
      </label>
      <div className="relative">
        <input
          id={id}
          readOnly
          inputMode="none"
          value={mmk(betAmount)}
          data-testid="bet-amount"
          aria-haspopup="dialog"
          aria-describedby={`${id}-hint`}
          className="field cursor-pointer pr-11 text-lg font-bold tabular-nums text-money"
          onClick={openModal}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              openModal();
            }
          }}
        />
        <Icon name="pencil" size={18} className="pointer-events-none absolute right-3.5 top-1/2 -translate-y-1/2 text-muted" />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {t('digit.betAmountHint')}
      </p>
    </div>
  );
}

/** ×1 to ×100 as a radio group (arrow keys move the choice). */
function MultiplierPicker({ id }: { id: string }) {
  const { t } = useTranslation();
  const { multipliers, multiplier, chooseMultiplier } = useDigitView();
  return (
    <div>
      <p className="label flex items-center gap-2" id={`${id}-mult`}>
        <Operator>×</Operator>
        {t('digit.multiplier')}
      </p>
      <div role="radiogroup" aria-labelledby={`${id}-mult`} className="grid grid-cols-6 gap-1.5" onKeyDown={(e) => onRadioArrows(e, (i) => chooseMultiplier(multipliers[i]!))}>
        {multipliers.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={m === multiplier}
            tabIndex={m === multiplier ? 0 : -1}
            data-testid={`multiplier-${m}`}
            onClick={() => chooseMultiplier(m)}
            className={`min-h-11 rounded-xl border text-sm font-bold tabular-nums transition-colors duration-150 ${
              m === multiplier ? 'border-primary bg-primary text-on-primary' : 'border-line bg-bg text-fg hover:bg-raised'
            }`}
          >
            x{m}
          </button>
        ))}
      </div>
    </div>
  );
}

function StakeLine() {
  const { t } = useTranslation();
  const { betAmount, multiplier, stake } = useDigitView();
  return (
    <div className="flex items-center gap-2 rounded-xl bg-raised px-3 py-2.5" data-testid="stake-line">
      <Operator>=</Operator>
      <p className="min-w-0 flex-1 text-sm tabular-nums">
        <span className="text-muted">
          {mmk(betAmount)} × {multiplier} ={' '}
        </span>
        <span className="money text-lg">{mmk(stake)}</span> <span className="text-xs font-semibold text-muted">{t('common.currency')}</span>
      </p>
    </div>
  );
}

/** The sign of the sum's line: × before the multiplier, = before the stake. */
function Operator({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-bg text-sm font-bold text-primary">
      {children}
    </span>
  );
}
