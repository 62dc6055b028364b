import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import { translateMessage } from '../../app/messages';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { FormSkeleton } from '../../components/Skeleton';
import { useFairView } from './fair-view';

/** The active seed pair: its commitment, the editable client seed (saving rotates), the next nonce, Rotate seed. */
export function SeedPanel() {
  const { t } = useTranslation();
  const { current, loadError, reload } = useFairView();
  if (loadError) return <ErrorState message={translateMessage(t, loadError.message)} onRetry={reload} />;
  if (!current) return <FormSkeleton label={t('fair.loading')} />;

  return (
    <section className="card flex flex-col gap-4 p-4" aria-labelledby="fair-current">
      <h2 id="fair-current" className="text-lg font-bold">
        {t('fair.currentTitle')}
      </h2>
      <div>
        <p className="label">{t('fair.serverSeedHash')}</p>
        <p className="break-all rounded-xl bg-bg px-3 py-2.5 font-mono text-xs leading-relaxed" data-testid="fair-current-hash">
          {current.serverSeedHash}
        </p>
        <p className="mt-1 text-xs text-muted">{t('fair.hashHint')}</p>
      </div>
      <ClientSeedForm />
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="text-muted">{t('fair.nextNonce')}</span>
        <span className="font-bold tabular-nums" data-testid="fair-next-nonce">
          {current.nonce}
        </span>
      </div>
      <RotateButton />
    </section>
  );
}

function ClientSeedForm() {
  const { t } = useTranslation();
  const { clientSeedDraft: draft, draftChanged: changed, rotating: busy, seedError: error, changeClientSeed, saveClientSeed } = useFairView();
  const id = useId();
  const message = error ? (error.code === 'invalid' ? t('fair.clientSeedInvalid') : translateMessage(t, error.message)) : null;
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        saveClientSeed();
      }}
    >
      <label htmlFor={id} className="label mb-0">
        {t('fair.clientSeed')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
          data-testid="fair-client-seed"
          className={`field min-w-0 flex-1 font-mono text-sm ${error ? 'border-loss' : ''}`}
          onChange={(e) => changeClientSeed(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={!changed || busy} data-testid="fair-save-client-seed">
          {t('fair.save')}
        </Button>
      </div>
      <p id={`${id}-note`} className={error ? 'field-error mt-0' : 'text-xs text-muted'}>
        {message ? `*${message}` : t('fair.clientSeedHint')}
      </p>
    </form>
  );
}

function RotateButton() {
  const { t } = useTranslation();
  const { rotating: busy, canRotate: can, rotate } = useFairView();
  return (
    <div>
      <Button className="w-full" busy={busy} disabled={!can} data-testid="rotate-seed" onClick={rotate}>
        {t('fair.rotate')}
      </Button>
      <p className="mt-1.5 text-xs text-muted">{t('fair.rotateHint')}</p>
    </div>
  );
}
