import { useTranslation } from '../../i18n/react';
import { onRadioArrows } from '../../components/radio-keys';
import { BankLogo } from './BankLogo';

/** A payment type on offer; `img` when the options carry the type's logo. */
export interface PaymentTypeView {
  id: number;
  name: string;
  img?: string;
}

interface Props {
  types: PaymentTypeView[];
  chosenId: number | null;
  onChoose: (id: number) => void;
  error?: string;
  disabled?: boolean;
}

/** The payment types as chips (a radio group); the server's error shows under them. */
export function PaymentTypePicker({ types, chosenId, onChoose, error, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="label" id="payment-type-label">
        {t('cashier.paymentType')}
      </p>
      <div
        role="radiogroup"
        aria-labelledby="payment-type-label"
        aria-invalid={error ? true : undefined}
        onKeyDown={(e) => onRadioArrows(e, (i) => types[i] && onChoose(types[i].id))}
        className="flex flex-wrap gap-2"
      >
        {types.map((type, i) => {
          const checked = type.id === chosenId;
          return (
            <button
              key={type.id}
              type="button"
              role="radio"
              aria-checked={checked}
              // One tab stop for the group: the chosen chip, or the first while none is chosen.
              tabIndex={checked || (chosenId === null && i === 0) ? 0 : -1}
              disabled={disabled}
              onClick={() => onChoose(type.id)}
              className={`flex min-h-11 items-center gap-2 rounded-full border py-1 pl-1 pr-4 text-sm font-semibold transition-colors duration-150 disabled:opacity-60 ${checked ? 'border-primary bg-raised text-primary' : 'border-line text-fg hover:bg-raised'}`}
            >
              <BankLogo src={type.img ?? ''} size={32} />
              {type.name}
            </button>
          );
        })}
      </div>
      {error ? <p className="field-error">*{error}</p> : null}
    </div>
  );
}
