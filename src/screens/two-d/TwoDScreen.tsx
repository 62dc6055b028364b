import { useId, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useTwoDMachines } from '../../app/session';
import { Icon } from '../../../shared/components/Icon';
import { LinkTile } from '../../components/LinkTile';
import { useView } from '../../app/use-view';
import { connectLiveFeed } from '../../machines/live-feed/live-feed.connect';
import { DrawTimeDialog } from './DrawTimeDialog';
import { formatClock, formatDay, nextOpening, weekdayKey, yangonClock } from './draw-times';
import type { LiveFeedActor } from './live-feed';
import { LiveBoard } from './LiveBoard';
import { ModernInternet } from './ModernInternet';
import { MoveFromGame } from './MoveFromGame';
import { RecordDialog } from './RecordDialog';
import { ResultRows } from './ResultRows';
import { usePageVisibility } from './use-page-visibility';

type Open = 'none' | 'record' | 'bet';

/**
 * /2d: the live number (polled every 2 s while the page is visible), today's result rows, the
 * informational modern/internet digits, the record, winners and holidays tiles, and Bet.
 */
export function TwoDScreen() {
  const { t } = useTranslation();
  const machines = useTwoDMachines();
  // With the feed the page came with: the first frame is the server's first screen.
  const feed = useActorRef(machines.liveFeed, { input: machines.liveInput() });
  usePageVisibility(feed);
  const [open, setOpen] = useState<Open>('none');
  const close = () => setOpen('none');

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <h1 className="text-xl font-bold md:text-2xl">{t('two_d.title')}</h1>
      <MoveFromGame />
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr] lg:items-start">
        <div className="flex flex-col gap-4">
          <LiveBoard feed={feed} />
          <BetButton feed={feed} onBet={() => setOpen('bet')} />
          <ResultRows feed={feed} />
        </div>
        <div className="flex flex-col gap-4">
          <MoreTiles onRecord={() => setOpen('record')} />
          <ModernInternet />
        </div>
      </div>
      {open === 'record' ? <RecordDialog onClose={close} /> : null}
      {open === 'bet' ? <DrawTimeDialog feed={feed} onClose={close} /> : null}
    </div>
  );
}

/**
 * Bet opens the draw-time dialog while betting is open. Closed (after the evening cut-off, on a
 * weekend) it is disabled and says, in words, when betting opens again: one clear state, no dialog.
 */
function BetButton({ feed, onBet }: { feed: LiveFeedActor; onBet: () => void }) {
  const { t } = useTranslation();
  const { serverTime, trading } = useView(feed, connectLiveFeed);
  const clock = yangonClock(serverTime);
  const opening = clock ? nextOpening(clock, trading) : null;
  const hintId = useId();
  const day = opening ? weekdayKey(opening.date) : null;
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn-primary min-h-13 w-full text-base"
        onClick={onBet}
        disabled={!!opening}
        aria-haspopup={opening ? undefined : 'dialog'}
        aria-describedby={opening ? hintId : undefined}
        data-testid="two-d-bet"
      >
        <Icon name="ticket" size={22} />
        {t('two_d.bet')}
      </button>
      {opening ? (
        <p id={hintId} className="text-center text-sm" data-testid="two-d-opens">
          <span className="font-semibold">{t('two_d.opensAt', { day: day ? t(day) : formatDay(opening.date), time: formatClock(opening.time) })}</span>{' '}
          <span className="text-muted">{t(trading?.closedReason === 'holiday' ? 'two_d.tradingDaysHolidays' : 'two_d.tradingDays')}</span>
        </p>
      ) : null}
    </div>
  );
}

/** The record (a dialog), the daily winners and the holidays. */
function MoreTiles({ onRecord }: { onRecord: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('two_d.more')}>
      <ul className="grid grid-cols-3 gap-2">
        <li className="flex">
          <LinkTile icon="history" title={t('two_d.record')} hint={t('two_d.recordHint')} onClick={onRecord} />
        </li>
        <li className="flex">
          <LinkTile icon="trophy" title={t('two_d.winners')} hint={t('two_d.winnersHint')} href="/2d/daily-winner" />
        </li>
        <li className="flex">
          <LinkTile icon="calendar" title={t('two_d.holidays')} hint={t('two_d.holidaysHint')} href="/2d/holiday" />
        </li>
      </ul>
    </nav>
  );
}
