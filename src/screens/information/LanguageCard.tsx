import { useTranslation } from '../../i18n/react';
import { LanguageList } from '../../app/layout/LanguageList';
import { Icon } from '../../../shared/components/Icon';

/** The language chooser on the profile, where Telegram's Settings item leads (src/telegram/setup.ts). */
export function LanguageCard() {
  const { t } = useTranslation();
  return (
    <section className="card p-5" aria-labelledby="profile-language">
      <h2 id="profile-language" className="mb-4 flex items-center gap-2 text-lg font-bold">
        <Icon name="globe" size={20} className="text-primary" />
        {t('common.language')}
      </h2>
      <LanguageList />
    </section>
  );
}
