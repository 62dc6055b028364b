import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '../../i18n/react';
import type { GameType } from '../../app/session';
import { Icon } from '../../../shared/components/Icon';
import { Skeleton } from '../../components/Skeleton';
import { HIDDEN_TYPE_IDS, typeLabel, type TypeQuery } from '../games/game-types';

/** The lobby's types: every type the server lists except the hidden ones. */
export function stripTypes(types: GameType[]): GameType[] {
  return types.filter((type) => !HIDDEN_TYPE_IDS.has(type.id));
}

const ITEM =
  'flex min-h-16 min-w-20 flex-1 shrink-0 flex-col items-center justify-center gap-1 rounded-2xl border px-3 py-2 text-center text-xs font-semibold transition-colors duration-150 sm:min-w-24 sm:text-sm md:min-w-0 md:px-2';

/** The horizontal strip of type buttons: 'Hot Games' first, then the types (spec: Home). */
export function TypeStrip({ types, current }: { types: GameType[] | null; current: TypeQuery }) {
  const { t } = useTranslation();
  const isCurrent = (q: TypeQuery) => q.kind === current.kind && (q.kind !== 'type' || (current.kind === 'type' && q.id === current.id));
  const hot = isCurrent({ kind: 'hot' });

  return (
    <nav aria-label={t('home.gameTypes')} className="-mx-4 md:mx-0">
      {/* A scrolling strip on phones; on wider screens equal columns, one row while they fit. */}
      <ul className="flex gap-2 overflow-x-auto px-4 pb-1 md:grid md:grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] md:overflow-visible md:px-0 md:pb-0">
        <StripItem href="/?type=hot" active={hot} current={hot} icon={<Icon name="flame" size={26} className="text-loss" />} label={t('game_type.hotGames')} />
        {/* Not game types: the 2D lottery, Digit Bet and Shan have pages of their own, one tap from the lobby. */}
        <StripItem href="/2d" icon={<Icon name="ticket" size={26} className="text-primary" />} label={t('home.twoD')} />
        <StripItem href="/digitbet" icon={<Icon name="dice" size={26} className="text-primary" />} label={t('nav.digitBet')} />
        <StripItem href="/shan" icon={<Icon name="cards" size={26} className="text-primary" />} label={t('nav.shan')} />
        {types
          ? stripTypes(types).map((type) => {
              const active = isCurrent({ kind: 'type', id: type.id });
              return <StripItem key={type.id} href={`/?type=${type.id}`} active={active} current={active} icon={<TypeIcon src={type.img} />} label={typeLabel(t, type)} />;
            })
          : Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="flex">
                <Skeleton className="h-16 w-20 rounded-2xl sm:w-24" />
              </li>
            ))}
      </ul>
    </nav>
  );
}

interface StripItemProps {
  href: string;
  icon: ReactNode;
  label: string;
  /** Highlighted as the type shown. */
  active?: boolean;
  /** Announced as the current page (only the lobby's own types are). */
  current?: boolean;
}

function StripItem({ href, icon, label, active = false, current = false }: StripItemProps) {
  return (
    <li className="flex">
      <Link href={href} aria-current={current ? 'page' : undefined} className={`${ITEM} ${active ? 'border-primary bg-raised text-primary' : 'border-line bg-surface text-fg hover:bg-raised'}`}>
        {icon}
        <span className="whitespace-nowrap md:whitespace-normal">{label}</span>
      </Link>
    </li>
  );
}

function TypeIcon({ src }: { src: string }) {
  if (!src) return <Icon name="gamepad" size={26} />;
  return <img src={src} alt="" width={26} height={26} decoding="async" className="h-[26px] w-[26px]" />;
}
