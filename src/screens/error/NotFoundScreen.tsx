import { useTranslation } from '../../i18n/react';
import { Link, useLocation } from 'wouter';
import { Icon } from '../../../shared/components/Icon';

/**
 * A path no route knows (404): says so kindly, with the way home. A real failure is the error
 * boundary's 'Unexpected Application Error!' (ErrorScreen). Loaded on demand: it is rarely seen.
 */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const [path] = useLocation();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center" aria-labelledby="not-found-title" data-testid="not-found">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-raised text-primary">
        <Icon name="search" size={30} />
      </span>
      <p className="text-sm font-bold tabular-nums tracking-widest text-muted">404</p>
      <h1 id="not-found-title" className="text-2xl font-bold">
        {t('not_found.title')}
      </h1>
      <p className="max-w-full break-words text-muted">{t('not_found.hint', { path })}</p>
      <Link href="/?type=all" className="btn-primary mt-2">
        <Icon name="home" size={18} />
        {t('btn.backHome')}
      </Link>
    </section>
  );
}
