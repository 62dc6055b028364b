import { Link } from 'wouter';
import { Icon, type IconName } from '../../../shared/components/Icon';

export interface Choice {
  href: string;
  icon: IconName;
  title: string;
  hint?: string;
  /** A short note beside the title (e.g. closed). */
  tag?: string;
}

/** The options of a choice dialog: one large link each. */
export function ChoiceLinks({ choices }: { choices: Choice[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {choices.map((c) => (
        <li key={c.href}>
          <Link href={c.href} className="flex min-h-16 items-center gap-3 rounded-2xl border border-line bg-raised px-4 py-3 hover:border-primary">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-surface text-primary">
              <Icon name={c.icon} size={22} />
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-x-2 font-semibold">
                {c.title}
                {c.tag ? <span className="rounded-full border border-pending px-2 text-xs font-medium text-pending">{c.tag}</span> : null}
              </span>
              {c.hint ? <span className="block text-sm text-muted">{c.hint}</span> : null}
            </span>
            <Icon name="chevronRight" size={18} className="shrink-0 text-muted" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
