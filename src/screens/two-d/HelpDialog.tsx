import { useTranslation } from '../../i18n/react';
import { Dialog } from '../../components/Dialog';
import { LEVEL_LABEL, LEVELS, type Level } from './availability';
import { FillBar } from './FillBar';

/** A sample length per level, inside its band. */
const SAMPLE: Record<Level, number> = { plenty: 80, some: 30, few: 6, full: 0 };

/** How the grid works, and its colour legend drawn from the same levels as the grid itself. */
export function HelpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('two_d.helpTitle')} onClose={onClose}>
      <div className="flex flex-col gap-4 text-sm">
        <p>{t('two_d.helpGrid')}</p>
        <p>{t('two_d.helpBar')}</p>
        <ul aria-label={t('two_d.legend')} className="flex flex-col gap-2">
          {LEVELS.map((level) => (
            <li key={level} className="flex items-center gap-3 rounded-xl border border-line bg-raised px-3 py-2.5">
              <FillBar level={level} percent={SAMPLE[level]} className="w-12 shrink-0" />
              <span>{t(LEVEL_LABEL[level])}</span>
            </li>
          ))}
        </ul>
        <p>{t('two_d.helpShortcuts')}</p>
        <p>{t('two_d.helpEntry')}</p>
        <button type="button" className="btn-primary w-full" onClick={onClose}>
          {t('btn.ok')}
        </button>
      </div>
    </Dialog>
  );
}
