import { Link } from 'wouter';

export interface SubTab {
  href: string;
  label: string;
  active: boolean;
}

/** A segmented row of links (sub-pages that live in the query string, e.g. ?type=deposit). */
export function SubTabs({ tabs, label }: { tabs: SubTab[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="flex gap-1 rounded-2xl border border-line bg-surface p-1">
        {tabs.map((tab) => (
          <li key={tab.href} className="flex flex-1">
            <Link
              href={tab.href}
              aria-current={tab.active ? 'page' : undefined}
              className={`flex min-h-11 flex-1 items-center justify-center rounded-xl px-2 text-center text-sm font-semibold transition-colors duration-150 ${tab.active ? 'bg-primary text-on-primary' : 'text-muted hover:bg-raised hover:text-fg'}`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
