import { Link } from 'wouter';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useGameMachines, type GameType, type ProviderRef } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { typeLabel } from './game-types';
import { GameListView } from './GameListView';
import { LaunchError } from './LaunchError';

/** A provider given by code (spec: /games?type={type}&provider={code}), or by id. */
function findProvider(type: GameType, key: string | null): ProviderRef | undefined {
  if (!key) return undefined;
  const code = key.toUpperCase();
  return type.providers.find((p) => p.code.toUpperCase() === code) ?? type.providers.find((p) => String(p.id) === key);
}

/** No tab: the type's provider strip, and the chosen provider's games as tiles with Play. */
export function ProviderBrowser({ types, typeId, provider }: { types: GameType[]; typeId: number; provider: string | null }) {
  const { t } = useTranslation();
  const type = types.find((candidate) => candidate.id === typeId);
  if (!type) return <EmptyState icon="gamepad" title={t('no_data.noData')} />;
  const current = findProvider(type, provider);
  return (
    <div className="flex flex-col gap-4">
      <ProviderStrip type={type} current={current} />
      {current ? (
        <ProviderList key={`${type.id}-${current.id}`} type={type} provider={current} />
      ) : (
        <EmptyState icon="gamepad" title={typeLabel(t, type)} hint={t('games.chooseProvider')} />
      )}
    </div>
  );
}

function ProviderStrip({ type, current }: { type: GameType; current: ProviderRef | undefined }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('games.providers')} className="-mx-4 md:mx-0">
      <ul className="flex gap-2 overflow-x-auto px-4 pb-1 md:flex-wrap md:px-0">
        {type.providers.map((provider) => {
          const active = provider.id === current?.id;
          return (
            <li key={provider.id} className="flex shrink-0">
              <Link
                href={`/games?type=${type.id}&provider=${encodeURIComponent(provider.code)}`}
                aria-current={active ? 'page' : undefined}
                title={provider.name}
                className={`flex min-h-11 items-center whitespace-nowrap rounded-full border px-4 text-sm font-semibold ${active ? 'border-primary bg-primary text-on-primary' : 'border-line bg-surface text-fg hover:bg-raised'}`}
              >
                {provider.shortName || provider.code}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function ProviderList({ type, provider }: { type: GameType; provider: ProviderRef }) {
  const { t } = useTranslation();
  const machines = useGameMachines();
  const list = useActorRef(machines.gameList, { input: { typeId: type.id, providerId: provider.id } });
  const launch = useActorRef(machines.gameLaunch);
  const heading = `${typeLabel(t, type)} · ${provider.name}`;
  return (
    <section aria-labelledby="provider-games" className="flex flex-col gap-3">
      <h2 id="provider-games" className="text-lg font-bold">
        {heading}
      </h2>
      <GameListView list={list} launch={launch} label={heading} emptyText={t('no_data.noData')} />
      <LaunchError launch={launch} />
    </section>
  );
}
