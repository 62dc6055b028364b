import { useTranslation } from '../../i18n/react';
import { ProviderLogos } from '../../components/ProviderLogos';

/**
 * The desktop web site's footer as the spec has it (the provider logos, "best viewed in Chrome 72
 * …, 1280x1024", © 2019). On a phone and inside Telegram those desktop lines mean nothing, so only
 * a one-line copyright with this year shows there (base.css `.kp-phone-footer`).
 */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-10 border-t border-line bg-surface">
      <div className="container tg-web-only hidden flex-col items-center gap-4 py-8 text-center md:flex" data-testid="footer-desktop">
        <h2 className="text-sm font-semibold text-muted">{t('footer.providers')}</h2>
        <ProviderLogos label={t('footer.providers')} />
        <p className="max-w-xl text-sm text-muted">{t('footer.bestViewed')}</p>
        <p className="text-sm text-muted">{t('footer.copyright')}</p>
      </div>
      <p className="container kp-phone-footer py-4 text-center text-sm text-muted md:hidden" data-testid="footer-phone">
        {t('footer.copyrightYear', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
