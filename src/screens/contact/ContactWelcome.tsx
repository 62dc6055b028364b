import { useTranslation } from '../../i18n/react';
import { Icon, type IconName } from '../../../shared/components/Icon';

const FEATURES: Array<{ icon: IconName; text: 'contact_page.featureFast' | 'contact_page.featureAlways' | 'contact_page.featureSafe' }> = [
  { icon: 'chat', text: 'contact_page.featureFast' },
  { icon: 'clock', text: 'contact_page.featureAlways' },
  { icon: 'lock', text: 'contact_page.featureSafe' },
];

/** The welcome block with its three static feature notes (spec §2). */
export function ContactWelcome() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="contact-welcome" className="card flex flex-col gap-4 bg-raised p-4 md:p-6">
      <div className="flex items-start gap-3">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary">
          <Icon name="chat" size={24} />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id="contact-welcome" className="text-lg font-bold">
            {t('contact_page.welcomeTitle')}
          </h2>
          <p className="text-sm leading-relaxed text-muted">{t('contact_page.welcomeText')}</p>
        </div>
      </div>
      <ul className="grid gap-2 sm:grid-cols-3">
        {FEATURES.map((f) => (
          <li key={f.text} className="flex items-center gap-2.5 rounded-xl bg-surface px-3 py-2.5 text-sm">
            <Icon name={f.icon} size={18} className="shrink-0 text-primary" />
            <span>{t(f.text)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
