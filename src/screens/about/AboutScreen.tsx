import { Link } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { Icon, type IconName } from '../../../shared/components/Icon';
import { AboutSection } from './AboutSection';

const VALUES = [
  { icon: 'shield', title: 'about.valueTrustTitle', text: 'about.valueTrustText' },
  { icon: 'eye', title: 'about.valueClarityTitle', text: 'about.valueClarityText' },
  { icon: 'user', title: 'about.valueRespectTitle', text: 'about.valueRespectText' },
] as const satisfies ReadonlyArray<{ icon: IconName; title: string; text: string }>;

/** /about: the service, its values, fair play, playing responsibly and customer service. */
export function AboutScreen() {
  const { t } = useTranslation();
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <AboutHeader />

      <AboutSection id="about-service" icon="globe" title={t('about.serviceTitle')}>
        <p>{t('about.serviceText1')}</p>
        <p>{t('about.serviceText2')}</p>
      </AboutSection>

      <AboutSection id="about-values" icon="trophy" title={t('about.valuesTitle')}>
        <Values />
      </AboutSection>

      <AboutSection id="about-fair" icon="dice" title={t('about.fairTitle')}>
        <p>{t('about.fairText1')}</p>
        <p>{t('about.fairText2')}</p>
        <Link href="/fairness" className="btn-outline self-start px-5">
          <Icon name="shield" size={18} />
          {t('about.fairAction')}
        </Link>
      </AboutSection>

      <AboutSection id="about-responsible" icon="alert" title={t('about.responsibleTitle')} badge="18+">
        <p>{t('about.responsibleText')}</p>
      </AboutSection>

      <AboutSection id="about-support" icon="chat" title={t('about.supportTitle')}>
        <p>{t('about.supportText')}</p>
        <Link href="/contact" className="btn-primary self-start px-5">
          <Icon name="chat" size={18} />
          {t('about.supportAction')}
        </Link>
      </AboutSection>
    </article>
  );
}

function AboutHeader() {
  const { t } = useTranslation();
  return (
    <header className="card flex flex-col gap-3 bg-raised p-5 md:p-8">
      <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-primary text-on-primary">
        <Icon name="info" size={26} />
      </span>
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('about.title')}</h1>
      <p className="leading-relaxed text-muted md:text-lg">{t('about.lead')}</p>
    </header>
  );
}

/** Trust, clarity, respect: one card each. */
function Values() {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3 md:grid-cols-3">
      {VALUES.map(({ icon, title, text }) => (
        <li key={title} className="flex flex-col gap-1.5 rounded-xl bg-raised p-4">
          <h3 className="flex items-center gap-2 text-base font-semibold text-fg">
            <Icon name={icon} size={18} className="text-primary" />
            {t(title)}
          </h3>
          <p className="text-sm">{t(text)}</p>
        </li>
      ))}
    </ul>
  );
}
