import { useTranslation } from '../i18n/react';
import { LANGUAGES, NATIVE_NAMES, type Language } from '../../shared/languages';
import { setConsoleLanguage } from './strings';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <label className="kc-lang">
      <span className="kc-sr">{t('admin.language')}</span>
      <select className="field" value={i18n.language} onChange={(e) => void setConsoleLanguage(e.target.value as Language)} aria-label={t('admin.language')}>
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng === 'mm' ? 'my' : lng}>
            {NATIVE_NAMES[lng]}
          </option>
        ))}
      </select>
    </label>
  );
}
