import { useTranslation } from '../../i18n/react';
import { Dialog } from '../../components/Dialog';
import { Icon } from '../../../shared/components/Icon';
import { BankLogo } from './BankLogo';
import type { BankView } from './types';

/** The chooser dialog: every receiving account as a tile with its logo. */
export function BankChooser({ banks, chosenId, onChoose, onClose }: { banks: BankView[]; chosenId: number | null; onChoose: (id: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('cashier.chooseBank')} onClose={onClose}>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {banks.map((bank) => {
          const chosen = bank.id === chosenId;
          return (
            <li key={bank.id} className="flex">
              <button
                type="button"
                aria-pressed={chosen}
                onClick={() => onChoose(bank.id)}
                className={`relative flex min-h-28 flex-1 flex-col items-center justify-center gap-2 rounded-2xl border p-3 text-center transition-colors duration-150 ${chosen ? 'border-primary bg-raised' : 'border-line bg-bg hover:bg-raised'}`}
              >
                {chosen ? <Icon name="check" size={18} className="absolute right-2 top-2 text-primary" /> : null}
                <BankLogo src={bank.img} size={44} />
                <span className="text-sm font-semibold leading-tight">{bank.paymentTypeName}</span>
                <span className="line-clamp-1 text-xs text-muted">{bank.accountName}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
