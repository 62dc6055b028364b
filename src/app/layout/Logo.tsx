import { useTranslation } from '../../i18n/react';

/** The wordmark: a gold Kyat coin and the product name, as live text (no text in images). */
export function Logo() {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2">
      <svg width="30" height="30" viewBox="0 0 64 64" aria-hidden="true" className="shrink-0">
        <circle cx="32" cy="32" r="29" fill="var(--kp-primary)" />
        <circle cx="32" cy="32" r="22" fill="none" stroke="var(--kp-on-primary)" strokeWidth="3" />
        <path d="M25 20v24M25 32l12-12M28.5 29.5 38 44" stroke="var(--kp-on-primary)" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" fill="none" />
      </svg>
      <span className="text-lg font-extrabold tracking-tight" lang="en">
        <span className="text-primary">Kyat</span>
        <span className="text-fg">Play</span>
        <span className="sr-only">{t('common.goHome')}</span>
      </span>
    </span>
  );
}
