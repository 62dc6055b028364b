import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { connectLiveFeed } from '../../machines/live-feed/live-feed.connect';
import { useView } from '../../app/use-view';
import { translateMessage } from '../../app/messages';
import { Icon } from '../../../shared/components/Icon';
import { Spinner } from '../../components/Spinner';
import { holidayLabel } from '../../../shared/labels';
import { closingState, formatClock, formatDay, yangonClock } from './draw-times';
import type { LiveFeedActor } from './live-feed';

/** The live 2D number, when it was last updated, and when betting closes by the server's clock. */
export function LiveBoard({ feed }: { feed: LiveFeedActor }) {
  const { t } = useTranslation();
  const { live, loading, error } = useView(feed, connectLiveFeed);
  // The number the board opened with is already on screen (the server painted it, decision 0016):
  // it does not pop in again; every number after it does.
  const opened = useRef(live?.twod ?? null);
  useEffect(() => {
    if (live && live.twod !== opened.current) opened.current = null;
  }, [live]);

  return (
    <section aria-labelledby="live-title" className="card overflow-hidden">
      <div className="flex flex-col items-center gap-2 bg-raised px-4 py-6 text-center">
        <h2 id="live-title" className="text-sm font-semibold uppercase tracking-wide text-muted">
          {t('two_d.liveNumber')}
        </h2>
        {live ? (
          <>
            {/* Keyed on the number: a new number enters with a short animation (still under reduced motion). */}
            <p key={live.twod} className={`${live.twod === opened.current ? '' : 'kp-pop-in '}money text-7xl font-extrabold leading-none tracking-wider md:text-8xl`} aria-label={t('two_d.liveNumberIs', { num: live.twod || '--' })}>
              {live.twod || '--'}
            </p>
            <p className="text-sm text-muted">
              {t('two_d.lastUpdate')}: <span className="tabular-nums text-fg">{updatedAt(live.date, live.time)}</span>
            </p>
          </>
        ) : loading ? (
          <div role="status" className="flex min-h-24 flex-col items-center justify-center gap-3 text-primary">
            <Spinner size={32} />
            <span className="text-sm text-muted">{t('two_d.loading')}</span>
          </div>
        ) : null}
        {error ? <FeedError message={error} /> : null}
      </div>
      <ClosingMessage feed={feed} />
    </section>
  );
}

/** A failed poll: its message, and that the board keeps trying (the last number stays). */
function FeedError({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-1">
      <p className="flex items-center gap-1.5 text-sm text-loss">
        <Icon name="alert" size={16} />
        {translateMessage(t, message)}
      </p>
      <p className="text-xs text-muted">{t('two_d.retrying')}</p>
    </div>
  );
}

function updatedAt(date: string, time: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.test(date) ? formatDay(date) : date;
  const clock = /^\d{2}:\d{2}/.test(time) ? formatClock(time.slice(0, 5)) : time;
  return [day, clock].filter(Boolean).join(' · ') || '—';
}

function ClosingMessage({ feed }: { feed: LiveFeedActor }) {
  const { t } = useTranslation();
  const { serverTime, trading } = useView(feed, connectLiveFeed);
  const clock = yangonClock(serverTime);
  if (!clock) return null;
  const state = closingState(clock, trading);
  const now = formatClock(`${String(Math.floor(clock.minutes / 60)).padStart(2, '0')}:${String(clock.minutes % 60).padStart(2, '0')}`);
  const message =
    state.kind === 'open'
      ? t('two_d.closesAt', { draw: formatClock(state.draw.draw), time: formatClock(state.draw.cutoff) })
      : state.kind === 'closedToday'
        ? t('two_d.closedToday')
        : state.holiday
          ? t('two_d.holidayToday', { name: holidayLabel(t, state.holiday) })
          : t('two_d.noDrawsToday');
  return (
    <div className="flex items-start gap-2 border-t border-line px-4 py-3 text-sm">
      <Icon name="clock" size={18} className={`mt-0.5 shrink-0 ${state.kind === 'open' ? 'text-win' : 'text-pending'}`} />
      <p className="flex-1">
        {message} <span className="text-muted">({t('two_d.serverTime', { time: now })})</span>
      </p>
    </div>
  );
}
