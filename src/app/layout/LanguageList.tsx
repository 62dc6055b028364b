import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { BCP47, LANGUAGES, NATIVE_NAMES, setLanguage } from '../../i18n';
import { ensureMyanmarFont } from '../../i18n/font';
import { useCurrentLanguage } from './LanguageSwitcher';

/** The four languages as a row of buttons, each named in itself (the side menu, the account page). */
export function LanguageList() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  // The list draws "မြန်မာ": that is Burmese text on screen.
  useEffect(() => void ensureMyanmarFont(), []);
  return (
    <div role="group" aria-label={t('common.language')} className="grid grid-cols-4 gap-2">
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={BCP47[lng]}
          aria-pressed={lng === current}
          onClick={() => void setLanguage(lng)}
          className={`min-h-11 rounded-xl border px-1 text-sm font-medium ${lng === current ? 'border-primary bg-raised text-primary' : 'border-line text-fg hover:bg-raised'}`}
        >
          {NATIVE_NAMES[lng]}
        </button>
      ))}
    </div>
  );
}
