import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { DigitArt } from '../../components/DigitArt';
import { Icon } from '../../../shared/components/Icon';
import { ShanArt } from '../shan/ShanArt';

/**
 * tab=all's two featured cards: the site's own games, Shan Koe Mee and Digit Bet. The legacy page
 * had two "external game" cards that carried the player's name and balance in the address; ours
 * lead to the games' own pages, which launch through the server (decision 0005).
 */
export function FeaturedGames() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="featured-title" className="flex flex-col gap-3">
      <h2 id="featured-title" className="text-lg font-bold">
        {t('games.featured')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:gap-4">
        <FeaturedCard href="/shan" icon="cards" title={t('nav.shan')} blurb={t('games.shanBlurb')} art={<ShanArt className="h-full w-full" />} />
        <FeaturedCard
          href="/digitbet"
          icon="dice"
          title={t('nav.digitBet')}
          blurb={t('games.digitBetBlurb')}
          art={
            <div className="flex h-full items-center justify-center gap-1 bg-raised">
              <DigitArt value={3} size={56} />
              <DigitArt value={7} size={56} />
            </div>
          }
        />
      </ul>
    </section>
  );
}

interface CardProps {
  href: string;
  icon: 'cards' | 'dice';
  title: string;
  blurb: string;
  art: ReactNode;
}

function FeaturedCard({ href, icon, title, blurb, art }: CardProps) {
  const { t } = useTranslation();
  return (
    <li className="card flex flex-col overflow-hidden md:flex-row">
      <div className="aspect-[16/10] w-full overflow-hidden md:aspect-auto md:h-auto md:w-2/5 md:shrink-0">{art}</div>
      <div className="flex flex-1 flex-col gap-2 p-3 md:p-4">
        <p className="flex items-center gap-2 font-bold md:text-lg">
          <Icon name={icon} size={18} className="shrink-0 text-primary" />
          {title}
        </p>
        <p className="line-clamp-3 text-xs text-muted md:text-sm">{blurb}</p>
        <Link href={href} className="btn-primary mt-auto min-h-11 w-full" aria-label={t('games.playGame', { name: title })}>
          <Icon name="play" size={16} />
          {t('games.play')}
        </Link>
      </div>
    </li>
  );
}
