import { useTranslation } from '../../i18n/react';
import { Icon } from '../../../shared/components/Icon';
import type { ShanLaunchView } from '../../machines/shan-launch/shan-launch.connect';
import { shanMessage } from './shan-messages';

/**
 * The card's one banner: red for a failed load or launch (announced at once), green after a
 * launch (announced politely). A failed load offers Try again, which loads the card anew.
 */
export function ShanBanner({ view }: { view: ShanLaunchView }) {
  const { t } = useTranslation();
  const { error, success, unavailable } = view;

  if (error) {
    return (
      <div role="alert" data-testid="shan-banner" data-tone="error" className="flex items-start gap-2 rounded-xl border border-loss bg-raised px-3 py-2.5 text-sm">
        <Icon name="alert" size={18} className="mt-0.5 shrink-0 text-loss" />
        <p className="min-w-0 flex-1 break-words">{shanMessage(t, error)}</p>
        {unavailable ? (
          <button type="button" className="-my-2 -mr-2 min-h-11 shrink-0 px-2 font-semibold text-loss" onClick={view.reload}>
            {t('shan.retry')}
          </button>
        ) : null}
      </div>
    );
  }
  if (success) {
    return (
      <div role="status" data-testid="shan-banner" data-tone="success" className="flex items-start gap-2 rounded-xl border border-win bg-raised px-3 py-2.5 text-sm">
        <Icon name="check" size={18} className="mt-0.5 shrink-0 text-win" />
        <p className="min-w-0 flex-1">
          <span className="font-semibold">{shanMessage(t, success)}</span> <span className="text-muted">{t('shan.launchedHint')}</span>
        </p>
      </div>
    );
  }
  return null;
}
