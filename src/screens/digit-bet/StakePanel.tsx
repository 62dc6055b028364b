import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { onRadioArrows } from '../../components/radio-keys';
import { MULTIPLIERS } from '../../machines/digit-bet/digit-bet-rules';
import {
  selectBetAmount,
  selectCanRoll,
  selectModalOpen,
  selectMultiplier,
  selectRolling,
  selectStake,
} from '../../machines/digit-bet/digit-bet.selectors';
import { useDigit, useDigitActor } from './digit-actor';
import { mmk } from './digit-text';
import { StatusAlert } from './StatusAlert';
import { useMainButton } from '../../telegram/use-main-button';

/** The bet amount (opens the multiplier modal), the multipliers, the stake line, Roll the Dice and the status. */
export function StakePanel() {
  const { t } = useTranslation();
  const actor = useDigitActor();
  const id = useId();
  const betAmount = useDigit(selectBetAmount);
  const multiplier = useDigit(selectMultiplier);
  const stake = useDigit(selectStake);
  const rolling = useDigit(selectRolling);
  const canRoll = useDigit(selectCanRoll);
  const modalOpen = useDigit(selectModalOpen);
  const roll = () => actor.send({ type: 'bet.roll' });
  // Not while the amount modal covers the page (its own Confirm is the action then).
  useMainButton({ text: rolling ? t('digit.rolling') : t('digit.roll'), enabled: canRoll && !modalOpen, busy: rolling, onClick: roll });

  return (
    <section className="card flex flex-col gap-4 p-4" aria-label={t('digit.stakeTitle')}>
      <div>
        <label htmlFor={id} className="label">
          {t('digit.betAmount')}
        </label>
        <input
          id={id}
          readOnly
          inputMode="none"
          value={mmk(betAmount)}
          data-testid="bet-amount"
          aria-haspopup="dialog"
          className="field cursor-pointer text-lg font-bold tabular-nums text-money"
          onClick={() => actor.send({ type: 'betModal.open' })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              actor.send({ type: 'betModal.open' });
            }
          }}
        />
        <p className="mt-1 text-xs text-muted">{t('digit.betAmountHint')}</p>
      </div>
      <div>
        <p className="label" id={`${id}-mult`}>
          {t('digit.multiplier')}
        </p>
        <div
          role="radiogroup"
          aria-labelledby={`${id}-mult`}
          className="grid grid-cols-6 gap-1.5"
          onKeyDown={(e) => onRadioArrows(e, (i) => actor.send({ type: 'multiplier.choose', multiplier: MULTIPLIERS[i]! }))}
        >
          {MULTIPLIERS.map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={m === multiplier}
              tabIndex={m === multiplier ? 0 : -1}
              data-testid={`multiplier-${m}`}
              onClick={() => actor.send({ type: 'multiplier.choose', multiplier: m })}
              className={`min-h-11 rounded-xl border text-sm font-bold tabular-nums transition-colors duration-150 ${
                m === multiplier ? 'border-primary bg-primary text-on-primary' : 'border-line bg-bg text-fg hover:bg-raised'
              }`}
            >
              x{m}
            </button>
          ))}
        </div>
      </div>
      <p className="rounded-xl bg-raised px-3 py-2.5 text-center text-sm tabular-nums" data-testid="stake-line">
        <span className="text-muted">{mmk(betAmount)}</span> <span className="text-muted">×</span> <span className="text-muted">{multiplier}</span>{' '}
        <span className="text-muted">=</span> <span className="money text-base">{mmk(stake)}</span> <span className="text-xs font-semibold text-muted">MMK</span>
      </p>
      <Button className="tg-web-only min-h-13 w-full text-base" busy={rolling} disabled={!canRoll} data-testid="roll" onClick={roll}>
        {rolling ? t('digit.rolling') : t('digit.roll')}
      </Button>
      <StatusAlert />
    </section>
  );
}
