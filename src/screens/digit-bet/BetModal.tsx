import { useTranslation } from '../../i18n/react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Icon } from '../../../shared/components/Icon';
import { useDigitView } from './digit-view';
import { mmk } from './digit-text';

type Field = 'bet' | 'coin';

/** The bet multiplier modal: bet and coin value (each 1 or more), total = bet × coin × 20, BET MAX. */
export function BetModal() {
  const { t } = useTranslation();
  const { modalOpen, modal, closeModal, maxModal, confirmModal } = useDigitView();
  if (!modalOpen) return null;

  return (
    <Dialog title={t('digit.modalTitle')} subtitle={t('digit.modalHint')} onClose={closeModal}>
      <div className="flex flex-col gap-4" data-testid="bet-modal">
        <Stepper field="bet" label={t('digit.modalBet')} value={modal.bet} />
        <Stepper field="coin" label={t('digit.coinValue')} value={modal.coin} />
        <div className="flex items-center justify-between rounded-xl bg-raised px-3 py-2.5 text-sm">
          <span className="text-muted">{t('digit.modalMultiplier')}</span>
          <span className="font-bold tabular-nums">{modal.multiplier}x</span>
        </div>
        <div className="flex items-baseline justify-between gap-3 rounded-xl border border-line px-3 py-3">
          <span className="text-sm text-muted tabular-nums">
            {modal.bet} × {modal.coin} × {modal.multiplier}
          </span>
          <span className="money text-xl" data-testid="modal-total">
            {mmk(modal.total)} <span className="text-xs text-muted">{t('common.currency')}</span>
          </span>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="outline" onClick={maxModal} data-testid="bet-max">
            {t('digit.betMax')}
          </Button>
          <Button onClick={confirmModal} data-testid="bet-confirm">
            {t('digit.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function Stepper({ field, label, value }: { field: Field; label: string; value: number }) {
  const { t } = useTranslation();
  const { stepModal } = useDigitView();
  const step = (by: 1 | -1) => stepModal(field, by);
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex items-center gap-2" role="group" aria-label={label}>
        <button type="button" className="icon-btn border border-line" onClick={() => step(-1)} disabled={value <= 1} aria-label={t('digit.less', { what: label })}>
          <span aria-hidden="true" className="text-xl font-bold leading-none">−</span>
        </button>
        <output className="min-w-12 text-center text-lg font-bold tabular-nums" data-testid={`modal-${field}`} aria-live="polite">
          {value}
        </output>
        <button type="button" className="icon-btn border border-line" onClick={() => step(1)} aria-label={t('digit.more', { what: label })}>
          <Icon name="plus" size={20} />
        </button>
      </div>
    </div>
  );
}
