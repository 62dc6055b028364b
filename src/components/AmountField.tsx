import type { ComponentProps } from 'react';
import { useTranslation } from '../i18n/react';
import { Field } from './Field';

type Props = Omit<ComponentProps<typeof Field>, 'label' | 'name' | 'numeric'> & { name?: string };

/** The money forms' amount: numeric (Burmese digits accepted), no autocomplete, the usual label and placeholder. */
export function AmountField(props: Props) {
  const { t } = useTranslation();
  return <Field label={t('wallet.amount')} name="amount" numeric autoComplete="off" placeholder={t('wallet.amountPlaceholder')} {...props} />;
}
