import { Redirect } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { yangonDate } from '../../lib/two-d/session';
import { selectIsLoggedIn } from '../../machines/auth/auth.selectors';
import { WINNERS_SESSIONS, type WinnersSession } from '../../machines/daily-winners/daily-winners.machine';
import { selectWinnersDate, selectWinnersLoading, selectWinnersSession } from '../../machines/daily-winners/daily-winners.selectors';
import { useAuth, useTwoDMachines } from '../../app/session';
import { Button } from '../../components/Button';
import { DateSelect } from '../../components/DateSelect';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { Segmented } from '../../components/Segmented';
import { WinnersBody, type WinnersActor } from './WinnersBody';


const SESSION_LABEL: Record<WinnersSession, 'two_d_winners.all' | 'two_d.morning' | 'two_d.evening'> = {
  all: 'two_d_winners.all',
  morning: 'two_d.morning',
  evening: 'two_d.evening',
};

/** /2d/daily-winner: a date (today in Yangon), a draw (all, morning, evening) and its winners. */
export function DailyWinnersScreen() {
  const { t } = useTranslation();
  const loggedIn = useAuth(selectIsLoggedIn);
  if (!loggedIn) return <Redirect to="/login" replace />;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <PageHeader title={t('two_d_winners.title')} backHref="/2d" />
      <Winners />
    </div>
  );
}

function Winners() {
  const actor = useActorRef(useTwoDMachines().dailyWinners, { input: { date: yangonDate(new Date()) } });
  return (
    <>
      <Filters actor={actor} />
      <WinnersBody actor={actor} />
    </>
  );
}

function Filters({ actor }: { actor: WinnersActor }) {
  const { t } = useTranslation();
  const date = useSelector(actor, selectWinnersDate);
  const session = useSelector(actor, selectWinnersSession);
  const loading = useSelector(actor, selectWinnersLoading);
  return (
    <div className="card flex flex-col gap-3 p-4 md:flex-row md:items-end">
      <div className="md:w-80">
        <DateSelect
          label={t('two_d_winners.date')}
          value={date}
          max={yangonDate(new Date())}
          onChange={(value) => actor.send({ type: 'date.change', date: value })}
        />
      </div>
      <div className="flex-1">
        <p className="label" aria-hidden="true">
          {t('two_d_winners.session')}
        </p>
        <Segmented
          label={t('two_d_winners.session')}
          value={session}
          onChange={(value) => actor.send({ type: 'session.change', session: value })}
          options={WINNERS_SESSIONS.map((s) => ({ value: s, label: t(SESSION_LABEL[s]) }))}
        />
      </div>
      <Button variant="outline" className="px-5" busy={loading} onClick={() => actor.send({ type: 'winners.refresh' })}>
        {loading ? null : <Icon name="refresh" size={18} />}
        {t('two_d_winners.refresh')}
      </Button>
    </div>
  );
}
