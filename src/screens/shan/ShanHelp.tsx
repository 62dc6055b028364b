import { Link } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { Icon, type IconName } from '../../../shared/components/Icon';

const POINTS: Array<{ icon: IconName; text: 'shan.helpStake' | 'shan.helpPayout' | 'shan.helpBalance' }> = [
  { icon: 'ticket', text: 'shan.helpStake' },
  { icon: 'trophy', text: 'shan.helpPayout' },
  { icon: 'refresh', text: 'shan.helpBalance' },
];

/** How a round moves money: stake out of, winnings into, the game wallet; and where to top it up. */
export function ShanHelp() {
  const { t } = useTranslation();
  return (
    <section className="card flex flex-col gap-3 p-4 md:p-5" aria-labelledby="shan-help-title">
      <h2 id="shan-help-title" className="flex items-center gap-2 text-base font-bold">
        <Icon name="info" size={20} className="text-primary" />
        {t('shan.helpTitle')}
      </h2>
      <ul className="flex flex-col gap-2.5 text-sm md:grid md:grid-cols-3 md:gap-4">
        {POINTS.map((point) => (
          <li key={point.text} className="flex items-start gap-2.5">
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-raised text-primary">
              <Icon name={point.icon} size={16} />
            </span>
            <span className="leading-relaxed">{t(point.text)}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 border-t border-line pt-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">{t('shan.helpTransfer')}</p>
        <Link href="/wallet/internal-transfer" className="btn-outline shrink-0 px-5">
          <Icon name="exchange" size={18} />
          {t('shan.transfer')}
        </Link>
      </div>
    </section>
  );
}
