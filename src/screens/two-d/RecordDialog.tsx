import { useTranslation } from '../../i18n/react';
import { Dialog } from '../../components/Dialog';
import { ChoiceLinks } from './ChoiceLinks';
import { DRAW_TIMES, formatClock } from './draw-times';

const SLIP_HREF = { morning: '/morning-bet-slip', evening: '/evening-bet-slip' } as const;

/** The record tile: which draw's slips to open (spec: a dialog to pick morning or evening). */
export function RecordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('two_d_history_modal.title')} subtitle={t('two_d_history_modal.subtitle')} onClose={onClose}>
      <ChoiceLinks
        choices={DRAW_TIMES.map((d) => ({
          href: SLIP_HREF[d.session],
          icon: 'receipt',
          title: t(d.session === 'morning' ? 'two_d_history_modal.morning' : 'two_d_history_modal.evening'),
          hint: t('two_d_history_modal.drawAt', { time: formatClock(d.draw) }),
        }))}
      />
    </Dialog>
  );
}
