import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { holdVerticalSwipes } from '../../telegram/effects';
import { RequireLogin } from '../auth/RequireLogin';
import { ShanLauncher } from './ShanCard';
import { ShanHelp } from './ShanHelp';

/** /shan: the Shan Koe Mee launcher for the logged-in player, and how its rounds settle. */
export function ShanScreen() {
  const { t } = useTranslation();
  // Inside Telegram a swipe down on the game screen must scroll it, not close the Mini App.
  useEffect(() => holdVerticalSwipes(), []);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <h1 className="text-xl font-bold md:text-2xl">{t('shan.pageTitle')}</h1>
      <RequireLogin>
        <ShanLauncher />
      </RequireLogin>
      <ShanHelp />
    </div>
  );
}
