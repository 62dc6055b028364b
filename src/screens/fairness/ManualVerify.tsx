import { useTranslation } from '../../i18n/react';
import { Button } from '../../components/Button';
import { DigitArt } from '../../components/DigitArt';
import { Field } from '../../components/Field';
import type { ManualField } from '../../machines/fairness/fairness-rules';
import { useFairView } from './fair-view';
import { fairErrorText } from './fair-text';

const INVALID = {
  serverSeed: 'fair.serverSeedInvalid',
  clientSeed: 'fair.clientSeedInvalid',
  nonce: 'fair.nonceInvalid',
} as const;

/** Any roll by hand: server seed, client seed and nonce → the digit (and the seed's SHA-256). */
export function ManualVerify() {
  const { t } = useTranslation();
  const { manual, manualInvalid: invalid, computing, manualError: error, changeManual, computeManual } = useFairView();
  const change = (field: ManualField) => (e: { currentTarget: HTMLInputElement }) => changeManual(field, e.currentTarget.value);
  const fieldError = (field: ManualField) => (invalid.includes(field) ? t(INVALID[field]) : null);

  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby="fair-manual">
      <h2 id="fair-manual" className="text-lg font-bold">
        {t('fair.manualTitle')}
      </h2>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          computeManual();
        }}
      >
        <Field label={t('fair.serverSeed')} name="server_seed" value={manual.serverSeed} onChange={change('serverSeed')} error={fieldError('serverSeed')} autoComplete="off" spellCheck={false} data-testid="manual-server-seed" />
        <Field label={t('fair.clientSeed')} name="client_seed" value={manual.clientSeed} onChange={change('clientSeed')} error={fieldError('clientSeed')} autoComplete="off" spellCheck={false} data-testid="manual-client-seed" />
        <Field label={t('fair.nonce')} name="nonce" numeric value={manual.nonce} onChange={change('nonce')} error={fieldError('nonce')} data-testid="manual-nonce" />
        <Button type="submit" busy={computing} data-testid="manual-compute">
          {t('fair.compute')}
        </Button>
      </form>
      {error ? (
        <p role="alert" className="text-sm text-loss">
          {fairErrorText(t, error)}
        </p>
      ) : null}
      <ManualResult />
    </section>
  );
}

/** The digit the manual form computed, and the SHA-256 of the server seed it was given. */
function ManualResult() {
  const { t } = useTranslation();
  const result = useFairView().manualResult;
  if (!result) return null;
  return (
    <div className="flex items-center gap-3 rounded-xl bg-raised p-3" data-testid="manual-result" data-digit={result.digit}>
      <DigitArt value={result.digit} size={64} label={t('fair.resultDigit', { n: result.digit })} />
      <div className="min-w-0">
        <p className="font-bold">{t('fair.resultDigit', { n: result.digit })}</p>
        <p className="text-xs text-muted">{t('fair.serverSeedHash')}</p>
        <p className="break-all font-mono text-xs">{result.serverSeedHash}</p>
      </div>
    </div>
  );
}
