import { useTranslation } from '../i18n/react';
import { Icon } from '../../shared/components/Icon';

/**
 * A failed load: what went wrong and a way to try again; a server failure's request id (issue 28)
 * for the player to read to support.
 */
export function ErrorState({ message, onRetry, reference }: { message: string; onRetry: () => void; reference?: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-raised text-loss">
        <Icon name="alert" size={26} />
      </span>
      <p className="max-w-md font-semibold">{message}</p>
      {reference ? (
        <p className="max-w-md text-sm text-muted" data-testid="request-id">
          {t('errors.reference', { id: '' })}
          <code className="mt-1 block select-all break-all font-mono text-fg" lang="en">{reference}</code>
        </p>
      ) : null}
      <button type="button" className="btn-outline px-6" onClick={onRetry}>
        <Icon name="refresh" size={18} />
        {t('btn.tryAgain')}
      </button>
    </div>
  );
}
