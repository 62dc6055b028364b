import { useTranslation } from 'react-i18next';
import { RequireLogin } from '../auth/RequireLogin';
import { ShanLauncher } from './ShanCard';
import { ShanHelp } from './ShanHelp';

/** /shan: the Shan Koe Mee launcher for the logged-in player, and how its rounds settle. */
export function ShanScreen() {
  const { t } = useTranslation();
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
