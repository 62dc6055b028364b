import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import type { DayFigures, LiveFigures, LiveQueue } from '../../api/admin';
import { useView } from '../../app/use-view';
import { Money } from '../../components/Money';
import { connectResource } from '../../machines/resource/resource.connect';
import { useConsole } from '../context';
import { connectOperatorSession } from '../../machines/operator-session/operator-session.connect';
import { BooksCard } from './BooksCard';
import { Loaded, type ResourceActor } from './Loaded';
import { NotTradingDay } from './ops-shared';

type Requests = DayFigures['deposits'];

const FAMILY_LABEL: Record<string, 'admin.familyGames' | 'admin.familyTwoD' | 'admin.familyDigit' | 'admin.familyShan'> = {
  games: 'admin.familyGames',
  two_d: 'admin.familyTwoD',
  digit: 'admin.familyDigit',
  shan: 'admin.familyShan',
};

function RequestCard({ title, figures }: { title: string; figures: Requests }) {
  const { t } = useTranslation();
  return (
    <section className="card kc-pad" aria-label={title}>
      <h2 className="kc-h2">{title}</h2>
      <dl className="kc-facts">
        <dt>{t('admin.pending')}</dt>
        <dd>
          {figures.pending.count} · <Money value={figures.pending.amount} />
        </dd>
        <dt>{t('admin.approvedToday')}</dt>
        <dd>
          {figures.approved.count} · <Money value={figures.approved.amount} />
        </dd>
        <dt>{t('admin.rejectedToday')}</dt>
        <dd>{figures.rejected.count}</dd>
      </dl>
    </section>
  );
}

function FamiliesCard({ day }: { day: DayFigures }) {
  const { t } = useTranslation();
  return (
    <section className="card kc-pad kc-wide" aria-label={t('admin.families')}>
      <h2 className="kc-h2">{t('admin.families')}</h2>
      <table className="kc-table">
        <thead>
          <tr>
            <th scope="col">{t('admin.family')}</th>
            <th scope="col">{t('admin.bets')}</th>
            <th scope="col">{t('admin.wins')}</th>
            <th scope="col">{t('admin.ggr')}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(day.families).map(([family, f]) => (
            <tr key={family}>
              <th scope="row">{FAMILY_LABEL[family] ? t(FAMILY_LABEL[family]) : family}</th>
              <td>
                <Money value={f.bets} />
              </td>
              <td>
                <Money value={f.wins} />
              </td>
              <td>
                <Money value={f.ggr} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function TwoDCard({ day }: { day: DayFigures }) {
  const { t } = useTranslation();
  const draws = day.two_d_draws;
  return (
    <section className="card kc-pad" aria-label={t('admin.twoDTitle')}>
      <h2 className="kc-h2">{t('admin.twoDTitle')}</h2>
      <NotTradingDay day={day} />
      {draws.length === 0 && day.trading_day !== false ? <p className="kc-muted">{t('admin.noResult')}</p> : null}
      <ul className="kc-plain">
        {draws.map((d) => (
          <li key={d.session}>
            {t(d.session === 'morning' ? 'admin.morning' : 'admin.evening')}: <strong className="kc-result">{d.twod ?? '—'}</strong> ({d.status === 'confirmed' ? t('admin.statusConfirmed') : t('admin.statusProvisional')})
          </li>
        ))}
      </ul>
    </section>
  );
}

function useAge() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const minutes = Math.floor(seconds / 60);
    return minutes < 60 ? t('admin.liveMinutes', { count: minutes }) : t('admin.liveHours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  };
}

function QueueFact({ label, queue }: { label: string; queue: LiveQueue }) {
  const { t } = useTranslation();
  const age = useAge();
  return (
    <>
      <dt>{label}</dt>
      <dd>{queue.count && queue.oldest_age_seconds !== null ? t('admin.liveWaited', { count: queue.count, age: age(queue.oldest_age_seconds) }) : t('admin.liveNoneWaiting')}</dd>
    </>
  );
}

/** Right now (issue 28): what the person on call looks at first, from the same counters as GET /metrics. */
function LiveCard({ live }: { live: LiveFigures }) {
  const { t } = useTranslation();
  const age = useAge();
  const rate = live.error_rate;
  const percent = rate && rate.requests ? `${((100 * rate.errors) / rate.requests).toFixed(2)}%` : '0%';
  return (
    <section className="card kc-pad kc-wide" aria-label={t('admin.liveTitle')}>
      <h2 className="kc-h2">{t('admin.liveTitle')}</h2>
      <dl className="kc-facts">
        <QueueFact label={t('admin.liveOldestDeposit')} queue={live.deposits} />
        <QueueFact label={t('admin.liveOldestWithdrawal')} queue={live.withdrawals} />
        {rate ? (
          <>
            <dt>{t('admin.liveErrors')}</dt>
            <dd>
              {t('admin.liveErrorRate', { errors: rate.errors, requests: rate.requests, percent })}{' '}
              {rate.since_seconds === null ? t('admin.liveSinceStart') : t('admin.liveSinceMinutes', { count: Math.max(1, Math.round(rate.since_seconds / 60)) })}
            </dd>
          </>
        ) : null}
        <dt>{t('admin.liveBooks')}</dt>
        <dd>
          {live.books_check
            ? `${live.books_check.ok ? t('admin.booksOk') : t('admin.booksBad', { count: live.books_check.discrepancies })} · ${t('admin.liveAgo', { age: age(live.books_check.age_seconds ?? 0) })}`
            : t('admin.booksNone')}
        </dd>
      </dl>
      {live.two_d_overdue_draws ? <p className="kc-muted">{t('admin.liveOverdue', { count: live.two_d_overdue_draws })}</p> : null}
    </section>
  );
}

function DayCards({ day, books }: { day: DayFigures; books: { see: boolean; run: boolean } }) {
  const { t } = useTranslation();
  return (
    <div className="kc-cards">
      {day.live ? <LiveCard live={day.live} /> : null}
      <section className="card kc-pad" aria-label={t('admin.playersOnline')}>
        <h2 className="kc-h2">{t('admin.playersOnline')}</h2>
        <p className="kc-bigNumber">{day.players_online}</p>
        <p className="kc-muted">
          {t('admin.ggr')}: <Money value={day.ggr} />
        </p>
      </section>
      <RequestCard title={t('admin.deposits')} figures={day.deposits} />
      <RequestCard title={t('admin.withdrawals')} figures={day.withdrawals} />
      <FamiliesCard day={day} />
      <TwoDCard day={day} />
      {books.see ? <BooksCard canRun={books.run} /> : null}
    </div>
  );
}

/** The day at a glance: requests, bets and GGR per game family, players online, 2D draws. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const { admin, resource, sessionActor } = useConsole();
  const session = useView(sessionActor, connectOperatorSession);
  const books = { see: session.may('GET /books'), run: session.may('POST /books/check') };
  const actor: ResourceActor = useActorRef(resource(() => admin.dashboard()));
  const figures = useView(actor, connectResource<DayFigures>);
  const day = figures.data;
  return (
    <div className="kc-page">
      <div className="kc-page-head">
        <h1 className="kc-h1">
          {t('admin.navDashboard')}
          {day ? ` · ${day.date}` : ''}
        </h1>
        <button type="button" className="btn-ghost kc-push" onClick={figures.refresh}>
          {t('admin.refresh')}
        </button>
      </div>
      <Loaded view={figures}>{day ? <DayCards day={day} books={books} /> : null}</Loaded>
    </div>
  );
}
