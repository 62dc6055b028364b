import { useTranslation } from '../../i18n/react';

const STEPS = ['wallet.step1', 'wallet.step2', 'wallet.step3'] as const;

/** The three steps of a bank deposit. */
export function DepositSteps() {
  const { t } = useTranslation();
  return (
    <section className="card p-5" aria-labelledby="deposit-steps-title">
      <h2 id="deposit-steps-title" className="text-lg font-bold">
        {t('wallet.howToDeposit')}
      </h2>
      <ol className="mt-4 flex flex-col gap-4">
        {STEPS.map((key, i) => (
          <li key={key} className="flex gap-3">
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-on-primary tabular-nums" aria-hidden="true">
              {i + 1}
            </span>
            <p className="pt-1 text-sm">{t(key)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
