import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '../i18n/react';
import { Icon } from '../../shared/components/Icon';

/** A page title with a back link (sub-pages of the wallet). */
export function PageHeader({ title, backHref, action }: { title: string; backHref: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2">
      <Link href={backHref} className="icon-btn -ml-2 shrink-0" aria-label={t('btn.back')}>
        <Icon name="chevronLeft" />
      </Link>
      <h1 className="min-w-0 flex-1 text-xl font-bold md:text-2xl">{title}</h1>
      {action}
    </div>
  );
}
