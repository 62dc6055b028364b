import { useTranslation } from '../../i18n/react';
import { Icon, type IconName } from '../../../shared/components/Icon';

const TILES: Array<{ icon: IconName; title: 'promotion.payoutsTitle' | 'promotion.supportTitle' | 'promotion.secureTitle'; text: 'promotion.payoutsText' | 'promotion.supportText' | 'promotion.secureText' }> = [
  { icon: 'flame', title: 'promotion.payoutsTitle', text: 'promotion.payoutsText' },
  { icon: 'chat', title: 'promotion.supportTitle', text: 'promotion.supportText' },
  { icon: 'shield', title: 'promotion.secureTitle', text: 'promotion.secureText' },
];

/** The three static tiles under the promotions (spec §2). */
export function InfoTiles() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="promo-why" className="flex flex-col gap-3">
      <h2 id="promo-why" className="text-lg font-bold">
        {t('promotion.whyTitle')}
      </h2>
      <ul className="grid gap-3 md:grid-cols-3 md:gap-5">
        {TILES.map((tile) => (
          <li key={tile.title} className="card flex items-start gap-3 p-4 md:flex-col md:p-5">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-raised text-primary">
              <Icon name={tile.icon} size={22} />
            </span>
            <div className="flex flex-col gap-1">
              <h3 className="text-base font-semibold">{t(tile.title)}</h3>
              <p className="text-sm leading-relaxed text-muted">{t(tile.text)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
