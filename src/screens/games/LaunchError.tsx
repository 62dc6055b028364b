import { useTranslation } from '../../i18n/react';
import { connectGameLaunch } from '../../machines/game-launch/game-launch.connect';
import { translateMessage } from '../../app/messages';
import { useView } from '../../app/use-view';
import { Alert } from '../../components/Alert';
import { AlertDialog } from '../../components/AlertDialog';
import type { LaunchActor } from './launch';

/**
 * A failed launch (spec §8). The hot games list shows it in a red box above the grid; the other
 * lists in a dialog (the legacy's browser alert, made accessible), dismissed with OK.
 */
export function LaunchError({ launch, inline = false }: { launch: LaunchActor; inline?: boolean }) {
  const { t } = useTranslation();
  const { error, dismissError } = useView(launch, connectGameLaunch);
  if (!error) return null;
  const message = translateMessage(t, error);
  if (inline) {
    return (
      <Alert>
        <div className="flex items-start justify-between gap-2">
          <span>{message}</span>
          <button type="button" className="-my-2 -mr-2 min-h-11 shrink-0 px-2 text-sm font-semibold text-loss" onClick={dismissError}>
            {t('btn.close')}
          </button>
        </div>
      </Alert>
    );
  }
  return <AlertDialog title={t('games.launchFailedTitle')} message={message} onClose={dismissError} />;
}
