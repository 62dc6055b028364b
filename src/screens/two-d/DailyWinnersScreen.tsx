import { Redirect } from 'wouter';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { yangonDate } from '../../lib/two-d/session';
import { selectIsLoggedIn } from '../../machines/auth/auth.selectors';
import { connectDailyWinners, type DailyWinnersView } from '../../machines/daily-winners/daily-winners.connect';
import type { WinnersSession } from '../../machines/daily-winners/daily-winners.machine';
import { useAuth, useTwoDMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { Button } from '../../components/Button';
import { DateSelect } from '../../components/DateSelect';
import { Icon } from '../../../shared/components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { Segmented } from '../../components/Segmented';
import { WinnersBody } from './WinnersBody';

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
  const view = useView(actor, connectDailyWinners);
  return (
    <>
      <Filters view={view} />
      <WinnersBody view={view} />
    </>
  );
}

function Filters({ view }: { view: DailyWinnersView }) {
  const { t } = useTranslation();
  const { date, session, sessions, loading, chooseDate, chooseSession, refresh } = view;
  return (
    <div className="card flex flex-col gap-3 p-4 md:flex-row md:items-end">
      <div className="md:w-80">
        <DateSelect
          label={t('two_d_winners.date')}
          value={date}
          max={yangonDate(new Date())}
          onChange={chooseDate}
        />
      </div>
      <div className="flex-1">
        <p className="label" aria-hidden="true">
          {t('two_d_winners.session')}
        </p>
        <Segmented
          label={t('two_d_winners.session')}
          value={session}
          onChange={chooseSession}
          options={sessions.map((s) => ({ value: s, label: t(SESSION_LABEL[s]) }))}
        />
      </div>
      <Button variant="outline" className="px-5" busy={loading} onClick={refresh}>
        {loading ? null : <Icon name="refresh" size={18} />}
        {t('two_d_winners.refresh')}
      </Button>
    </div>
  );
}
