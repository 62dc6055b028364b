import { useTranslation } from '../../i18n/react';
import { useAuthActor } from '../../app/session';
import { HeroArt } from './HeroArt';

export function GuestHero() {
  const { t } = useTranslation();
  const actor = useAuthActor();
  return (
    <section className="card relative overflow-hidden bg-raised p-6 md:p-10" aria-labelledby="hero-title">
      <HeroArt className="pointer-events-none absolute -right-8 -top-6 w-36 opacity-40 sm:opacity-90 md:right-6 md:top-4 md:w-72" />
      <div className="relative max-w-xl">
        <p className="text-sm font-semibold text-primary">{t('common.appName')}</p>
        <h2 id="hero-title" className="mt-2 max-w-[14em] text-2xl font-extrabold md:text-4xl">
          {t('home.welcome')}
        </h2>
        <p className="mt-3 text-muted md:text-lg">{t('home.guestPitch')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="button" className="btn-primary min-w-32 px-6 text-base" onClick={() => actor.send({ type: 'modal.open', modal: 'register' })}>
            {t('auth.joinNow')}
          </button>
          <button type="button" className="btn-outline min-w-32 px-6 text-base" onClick={() => actor.send({ type: 'modal.open', modal: 'login' })}>
            {t('auth.login')}
          </button>
        </div>
      </div>
    </section>
  );
}
