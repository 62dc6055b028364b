import { useTranslation } from '../../i18n/react';
import { connectLiveFeed } from '../../machines/live-feed/live-feed.connect';
import { useView } from '../../app/use-view';
import { Dialog } from '../../components/Dialog';
import { ChoiceLinks } from './ChoiceLinks';
import { DRAW_TIMES, formatClock, isDrawOpen, yangonClock } from './draw-times';
import type { LiveFeedActor } from './live-feed';

/** Bet: pick the draw, 12:00 PM (id 2) or 04:30 PM (id 4), then /2d/bet?time={id}. */
export function DrawTimeDialog({ feed, onClose }: { feed: LiveFeedActor; onClose: () => void }) {
  const { t } = useTranslation();
  const { serverTime, trading } = useView(feed, connectLiveFeed);
  const clock = yangonClock(serverTime);
  return (
    <Dialog title={t('two_d.chooseDrawTime')} subtitle={t('two_d.chooseDrawTimeHint')} onClose={onClose}>
      <ChoiceLinks
        choices={DRAW_TIMES.map((d) => ({
          href: `/2d/bet?time=${d.id}`,
          icon: 'clock',
          title: formatClock(d.draw),
          hint: t('two_d.closesAtShort', { time: formatClock(d.cutoff) }),
          tag: isDrawOpen(clock, d.session, trading) ? undefined : t('two_d.closedTag'),
        }))}
      />
    </Dialog>
  );
}
