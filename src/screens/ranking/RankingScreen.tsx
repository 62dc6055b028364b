import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useGameMachines, type TopWithdrawRow } from '../../app/session';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../../shared/components/Icon';
import { SkeletonCards } from '../../components/Skeleton';
import { ResourceError } from '../shared/ResourceError';
import { useResource, type ResourceActor } from '../shared/use-resource';
import { Money } from '../../components/Money';
import { RankList } from './RankList';

/** /ranking: the month's top withdrawer and the list of top withdrawers (GET /toptenwithdraw). */
export function RankingScreen() {
  const { t } = useTranslation();
  const ranking = useActorRef(useGameMachines().topWithdraw);
  const { data: rows, loading, failed, refresh } = useResource<TopWithdrawRow[]>(ranking);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-xl font-bold md:text-2xl">{t('ranking.title')}</h1>
        <Button variant="outline" className="px-5" busy={loading && !!rows} onClick={refresh} disabled={!rows}>
          {loading && rows ? null : <Icon name="refresh" size={18} />}
          {t('ranking.today')}
        </Button>
      </div>
      {failed && !rows ? (
        <ResourceError actor={ranking} />
      ) : !rows ? (
        <SkeletonCards label={t('common.loading')} count={5} lines={1} />
      ) : (
        <Board rows={rows} actor={ranking} />
      )}
    </div>
  );
}

function Board({ rows, actor }: { rows: TopWithdrawRow[]; actor: ResourceActor }) {
  const { t } = useTranslation();
  const { loading } = useResource(actor);
  const winner = rows[0];
  return (
    <div className={`flex flex-col gap-5 transition-opacity duration-150 ${loading ? 'opacity-60' : ''}`} aria-busy={loading || undefined}>
      <section aria-labelledby="winner-title" className="card relative overflow-hidden bg-raised p-5 text-center md:p-8">
        <Icon name="trophy" size={40} className="mx-auto text-primary" />
        <h2 id="winner-title" className="mt-2 text-sm font-semibold uppercase tracking-wide text-muted">
          {t('ranking.winnerOfMonth')}
        </h2>
        {winner ? (
          <>
            <p className="mt-2 break-all text-2xl font-extrabold md:text-3xl">{winner.playerId}</p>
            <p className="mt-1 text-xl md:text-2xl">
              <Money value={winner.amount} />
            </p>
          </>
        ) : (
          <p className="mt-2 text-muted">{t('ranking.noWinner')}</p>
        )}
      </section>
      <section aria-labelledby="top-title" className="flex flex-col gap-3">
        <h2 id="top-title" className="text-lg font-bold">
          {t('ranking.topWithdrawers')}
        </h2>
        {rows.length ? <RankList rows={rows} /> : <EmptyState icon="trophy" title={t('no_data.noDataFound')} hint={t('ranking.emptyHint')} />}
      </section>
    </div>
  );
}
