import { useTranslation } from 'react-i18next';
import { ProviderLogos } from '../../components/ProviderLogos';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-10 border-t border-line bg-surface">
      <div className="container flex flex-col items-center gap-4 py-8 text-center">
        <h2 className="text-sm font-semibold text-muted">{t('footer.providers')}</h2>
        <ProviderLogos label={t('footer.providers')} />
        <p className="max-w-xl text-sm text-muted">{t('footer.bestViewed')}</p>
        <p className="text-sm text-muted">{t('footer.copyright')}</p>
      </div>
    </footer>
  );
}
