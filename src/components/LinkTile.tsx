import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Icon, type IconName } from '../../shared/components/Icon';

const TILE =
  'flex min-h-20 w-full flex-col items-center justify-center gap-1.5 rounded-2xl border border-line bg-surface p-3 text-center transition-colors duration-150 hover:bg-raised';

function Body({ icon, title, hint }: { icon: IconName; title: string; hint?: ReactNode }) {
  return (
    <>
      <span className="flex h-10 w-10 items-center justify-center rounded-full bg-raised text-primary">
        <Icon name={icon} size={22} />
      </span>
      <span className="text-sm font-semibold leading-tight">{title}</span>
      {hint ? <span className="text-xs leading-tight text-muted">{hint}</span> : null}
    </>
  );
}

/** A square shortcut: an icon, a title and a short hint; a link, or a button when it opens something. */
export function LinkTile({ icon, title, hint, href, onClick }: { icon: IconName; title: string; hint?: ReactNode; href?: string; onClick?: () => void }) {
  if (href) {
    return (
      <Link href={href} className={TILE}>
        <Body icon={icon} title={title} hint={hint} />
      </Link>
    );
  }
  return (
    <button type="button" className={TILE} onClick={onClick} aria-haspopup="dialog">
      <Body icon={icon} title={title} hint={hint} />
    </button>
  );
}
