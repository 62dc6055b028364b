import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useShanMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { Spinner } from '../../components/Spinner';
import { connectShanLaunch } from '../../machines/shan-launch/shan-launch.connect';
import { LaunchButton } from './LaunchButton';
import type { ShanActor } from './shan-actor';
import { ShanArt } from './ShanArt';
import { ShanBanner } from './ShanBanner';
import { ShanDetails } from './ShanDetails';

/** The launcher for the logged-in player: one actor per visit, stopped when the page goes. */
export function ShanLauncher() {
  const actor = useActorRef(useShanMachines().shanLaunch);
  return <ShanCard actor={actor} />;
}

/** While the launch is asked: the card dims under a spinner and nothing in it can be pressed. */
function LaunchOverlay() {
  const { t } = useTranslation();
  return (
    <div className="kp-fade-in absolute inset-0 z-10 flex items-center justify-center bg-scrim p-4">
      <div className="flex items-center gap-3 rounded-2xl border border-line bg-surface px-5 py-4 text-primary shadow-lg">
        <Spinner size={28} label={t('shan.launching')} />
        <p className="text-base font-semibold text-fg" aria-hidden="true">
          {t('shan.launching')}
        </p>
      </div>
    </div>
  );
}

/** The game card (spec §2): artwork and title, account, balance, product code, banner, Launch. */
export function ShanCard({ actor }: { actor: ShanActor }) {
  const { t } = useTranslation();
  const view = useView(actor, connectShanLaunch);
  const { launching } = view;
  // Our own Shan Koe Mee has its name in every language; another product keeps the server's name.
  const title = view.ownGame ? t('nav.shan') : view.gameName;

  return (
    <article className="card relative overflow-hidden md:grid md:grid-cols-2" aria-labelledby="shan-game-title" aria-busy={launching || undefined}>
      <ShanArt className="aspect-[16/10] w-full md:aspect-auto md:h-full md:min-h-80" />
      <div className="flex flex-col gap-4 p-4 md:p-6">
        <header>
          <h2 id="shan-game-title" className="text-2xl font-bold leading-tight">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('shan.tagline')}</p>
        </header>
        {view.unavailable ? null : <ShanDetails view={view} />}
        <ShanBanner view={view} />
        <div className="mt-auto">
          <LaunchButton view={view} />
        </div>
      </div>
      {launching ? <LaunchOverlay /> : null}
    </article>
  );
}
