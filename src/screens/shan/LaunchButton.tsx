import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { selectCanLaunch, selectIsLaunching } from '../../machines/shan-launch/shan-launch.selectors';
import type { ShanActor } from './shan-actor';

/**
 * Launch Shan Game. The press goes straight to the actor inside the click: the machine reserves
 * the game tab synchronously there, which is what lets it past pop-up blockers.
 */
export function LaunchButton({ actor }: { actor: ShanActor }) {
  const { t } = useTranslation();
  const canLaunch = useSelector(actor, selectCanLaunch);
  const launching = useSelector(actor, selectIsLaunching);
  return (
    <div className="flex flex-col gap-2">
      <Button
        data-testid="shan-launch"
        className="min-h-13 w-full text-base"
        busy={launching}
        disabled={!canLaunch}
        onClick={() => actor.send({ type: 'launch.press' })}
      >
        {launching ? null : <Icon name="play" size={20} />}
        {t(launching ? 'shan.launching' : 'shan.launch')}
      </Button>
      <p className="text-center text-xs text-muted">{t('shan.newTab')}</p>
    </div>
  );
}
