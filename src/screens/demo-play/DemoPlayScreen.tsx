import { Suspense } from 'react';
import { Link, useSearch } from 'wouter';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useGameMachines, type GameType, type ProviderRef } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { GameGridSkeleton } from '../../components/GameGrid';
import { typeLabel } from '../games/game-types';
import { GameListView } from '../games/GameListView';
import { ResourceError } from '../shared/ResourceError';
import { useResource } from '../shared/use-resource';
import { DEMO_LISTS, demoTypeId } from './demo-lists';

/**
 * /demo-play?type=slot|fishing|live casino|sport book&list={provider}: a provider's game pictures,
 * not clickable, under the type in capitals and the provider's name. Without a valid pair, the
 * demo lists to choose from.
 */
export function DemoPlayScreen() {
  const { t } = useTranslation();
  const query = new URLSearchParams(useSearch());
  const typeId = demoTypeId(query.get('type'));
  const list = query.get('list');
  return (
    <div className="flex flex-col gap-4">
      <Suspense fallback={<GameGridSkeleton label={t('common.loading')} withButton={false} />}>
        {typeId !== null && list ? <DemoList typeId={typeId} list={list} /> : <DemoIndex />}
      </Suspense>
    </div>
  );
}

function findProvider(type: GameType, name: string): ProviderRef | undefined {
  const wanted = name.trim().toUpperCase();
  return type.providers.find((p) => [p.code, p.shortName, p.name].some((value) => value.toUpperCase() === wanted));
}

function DemoList({ typeId, list }: { typeId: number; list: string }) {
  const { t } = useTranslation();
  const catalogue = useGameMachines().gameTypes();
  const { data: types, failed } = useResource<GameType[]>(catalogue);
  if (failed && !types) return <ResourceError actor={catalogue} />;
  if (!types) return <GameGridSkeleton label={t('common.loading')} withButton={false} />;
  const type = types.find((candidate) => candidate.id === typeId);
  const provider = type && findProvider(type, list);
  if (!type || !provider) {
    return (
      <>
        <EmptyState icon="gamepad" title={t('no_data.noDataFound')} hint={t('demo.notFound', { name: list })} />
        <DemoIndex />
      </>
    );
  }
  return <DemoGames key={`${type.id}-${provider.id}`} type={type} provider={provider} />;
}

function DemoGames({ type, provider }: { type: GameType; provider: ProviderRef }) {
  const { t } = useTranslation();
  const list = useActorRef(useGameMachines().gameList, { input: { typeId: type.id, providerId: provider.id } });
  const heading = typeLabel(t, type).toUpperCase();
  return (
    <section aria-labelledby="demo-title" className="flex flex-col gap-4">
      <div>
        <h1 id="demo-title" className="text-xl font-extrabold tracking-wide md:text-2xl">
          {heading}
        </h1>
        <p className="text-lg font-semibold text-primary">{provider.name}</p>
      </div>
      <GameListView list={list} label={`${heading} · ${provider.name}`} />
    </section>
  );
}

/** The demo lists (spec §3's static provider lists per type). */
function DemoIndex() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="demo-index" className="flex flex-col gap-4">
      <h1 id="demo-index" className="text-xl font-bold md:text-2xl">
        {t('demo.title')}
      </h1>
      {DEMO_LISTS.map((group) => (
        <div key={group.type} className="flex flex-col gap-2">
          <h2 className="font-semibold text-muted">{typeLabel(t, { id: group.typeId, name: group.type })}</h2>
          {group.providers.length ? (
            <ul className="flex flex-wrap gap-2">
              {group.providers.map((name) => (
                <li key={name}>
                  <Link
                    href={`/demo-play?type=${encodeURIComponent(group.type)}&list=${encodeURIComponent(name)}`}
                    className="flex min-h-11 items-center rounded-full border border-line bg-surface px-4 text-sm font-semibold hover:bg-raised"
                  >
                    {name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">{t('no_data.noData')}</p>
          )}
        </div>
      ))}
    </section>
  );
}
