import { useTranslation } from '../../i18n/react';
import { Icon } from '../../../shared/components/Icon';

interface Props {
  /** HTTP-like status, when the failure has one. */
  status?: number;
  /** The thrown error's message for a render failure. */
  message?: string;
  /** The server's X-Request-Id of the failure, for support (docs/operator.md § Monitoring). */
  requestId?: string;
}

/**
 * The fallback for a real failure: 'Unexpected Application Error!' with the status or the message.
 * A path that does not exist gets the kinder NotFoundScreen.
 */
export function ErrorScreen({ status, message, requestId }: Props) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center" aria-labelledby="error-title">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-raised text-loss">
        <Icon name="alert" size={30} />
      </span>
      <h1 id="error-title" className="text-2xl font-bold">
        {t('errors.unexpected')}
      </h1>
      {status ? <p className="text-lg font-bold tabular-nums text-loss">{status}</p> : null}
      {requestId ? (
        <p className="text-sm text-muted" data-testid="request-id">
          {t('errors.reference', { id: '' })}
          <code className="mt-1 block select-all break-all font-mono text-fg" lang="en">{requestId}</code>
        </p>
      ) : null}
      {message ? <pre className="max-w-full whitespace-pre-wrap break-words rounded-xl bg-surface p-3 text-left text-sm text-muted">{message}</pre> : null}
      {/* A full page load: a render error may have left the app in a bad state. */}
      <a href="/?type=all" className="btn-primary mt-2">
        {t('btn.backHome')}
      </a>
    </section>
  );
}
