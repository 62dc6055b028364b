import { useTranslation } from '../../i18n/react';
import { Button } from '../../components/Button';
import { Icon } from '../../../shared/components/Icon';
import type { ShanLaunchView } from '../../machines/shan-launch/shan-launch.connect';

/**
 * Launch Shan Game. The press reaches the actor inside the click: the machine reserves
 * the game tab synchronously there, which is what lets it past pop-up blockers.
 */
export function LaunchButton({ view }: { view: ShanLaunchView }) {
  const { t } = useTranslation();
  const { canLaunch, launching } = view;
  return (
    <div className="flex flex-col gap-2">
      <Button
        data-testid="shan-launch"
        className="min-h-13 w-full text-base"
        busy={launching}
        disabled={!canLaunch}
        onClick={view.launch}
      >
        {launching ? null : <Icon name="play" size={20} />}
        {t(launching ? 'shan.launching' : 'shan.launch')}
      </Button>
      <p className="text-center text-xs text-muted">{t('shan.newTab')}</p>
    </div>
  );
}
