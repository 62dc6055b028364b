import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../shared/components/Icon';

interface Props {
  id: string;
  icon: IconName;
  title: string;
  /** A short mark beside the heading (e.g. '18+'). */
  badge?: string;
  children: ReactNode;
}

/** One headed part of the About page. */
export function AboutSection({ id, icon, title, badge, children }: Props) {
  return (
    <section aria-labelledby={id} className="card flex flex-col gap-3 p-5 md:p-6">
      <h2 id={id} className="flex items-center gap-2.5 text-lg font-bold md:text-xl">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-raised text-primary">
          <Icon name={icon} size={20} />
        </span>
        <span className="flex-1">{title}</span>
        {badge ? <span className="rounded-full border border-loss px-2.5 py-0.5 text-sm font-bold text-loss">{badge}</span> : null}
      </h2>
      <div className="flex flex-col gap-3 leading-relaxed text-muted">{children}</div>
    </section>
  );
}
