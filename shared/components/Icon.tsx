import { useEffect, useState, type ReactNode } from 'react';
import type { MoreIconName } from './icons-more';

/**
 * A small hand-drawn stroke icon set (24×24), so no icon library ships with the page. The icons
 * the first screens draw (the bars, the lobby, its empty and error states) are here; the rest are
 * in ./icons-more, a chunk of its own that the later screens load with their strings and the
 * server registers at start (decision 0041).
 */
const CORE = {
  home: <path d="M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5" />,
  video: (
    <>
      <rect x="3" y="6" width="13" height="12" rx="2.5" />
      <path d="m16 10.5 5-3v9l-5-3z" />
    </>
  ),
  gift: (
    <>
      <rect x="3.5" y="8.5" width="17" height="4" rx="1" />
      <path d="M5 12.5V20h14v-7.5M12 8.5V20M12 8.5S10.5 4 8 4.5 7 8.5 12 8.5Zm0 0s1.5-4.5 4-4 1 4-4 4Z" />
    </>
  ),
  wallet: (
    <>
      <path d="M4 7.5h14.5A1.5 1.5 0 0 1 20 9v10a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 19V6a2 2 0 0 1 2-2h10" />
      <path d="M15.5 13.5h2.5" />
    </>
  ),
  chat: <path d="M4 5.5h16v11H9.5L5 20v-3.5H4z M8 10h8M8 13h5" />,
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  close: <path d="m6 6 12 12M18 6 6 18" />,
  plus: <path d="M12 5v14M5 12h14" />,
  globe: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.5 2.6 3.5 5.5 3.5 8.5s-1 5.9-3.5 8.5c-2.5-2.6-3.5-5.5-3.5-8.5s1-5.9 3.5-8.5Z" />
    </>
  ),
  chevronRight: <path d="m9.5 6 6 6-6 6" />,
  alert: <path d="M12 4 2.8 19.5h18.4zM12 10v4.5M12 17.2h.01" />,
  refresh: <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4.5v4h-4" />,
  chevronLeft: <path d="m14.5 6-6 6 6 6" />,
  gamepad: (
    <>
      <path d="M7.5 7.5h9a4.5 4.5 0 0 1 4.4 5.4l-.7 3.5a2.3 2.3 0 0 1-4 1L14.5 15.5h-5l-1.7 1.9a2.3 2.3 0 0 1-4-1l-.7-3.5a4.5 4.5 0 0 1 4.4-5.4Z" />
      <path d="M8 10.5v3M6.5 12h3M15.5 11h.01M17 13h.01" />
    </>
  ),
  flame: <path d="M12 20.5c-3.6 0-6-2.4-6-5.8 0-3.7 3-5.6 3.5-9.2 2.3 1.3 3.8 3.4 4 5.6.9-.6 1.4-1.6 1.5-2.7 1.8 1.6 3 3.8 3 6.3 0 3.4-2.4 5.8-6 5.8Z" />,
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </>
  ),
  play: <path d="M8 5.5v13l10.5-6.5z" />,
  dice: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="3.5" />
      <path d="M8.5 8.5h.01M15.5 8.5h.01M12 12h.01M8.5 15.5h.01M15.5 15.5h.01" strokeWidth="2.6" />
    </>
  ),
  cards: (
    <>
      <rect x="3.5" y="6" width="10" height="14" rx="2" transform="rotate(-10 8.5 13)" />
      <path d="M13 4.5h5.5A1.5 1.5 0 0 1 20 6v11.5a1.5 1.5 0 0 1-1.5 1.5H16M16.5 9.5l-1 2 1 2 1-2z" />
    </>
  ),
  ticket: <path d="M4 7.5A1.5 1.5 0 0 1 5.5 6h13A1.5 1.5 0 0 1 20 7.5V10a2 2 0 0 0 0 4v2.5a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 16.5V14a2 2 0 0 0 0-4zM14.5 6v12" />,
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof CORE | MoreIconName;

const drawn: Partial<Record<IconName, ReactNode>> = { ...CORE };
let more: Promise<void> | null = null;

/** Adds icons to the set (./icons-more's, once loaded). */
export function addIcons(icons: Partial<Record<IconName, ReactNode>>): void {
  Object.assign(drawn, icons);
}

/**
 * The rest of the set, loaded once. Never rejects: icons are decoration, so a failed download
 * leaves only the icons undrawn (their boxes stay), and the next call asks for it again.
 */
export function loadMoreIcons(): Promise<void> {
  more ??= import('./icons-more').then(
    (m) => addIcons(m.MORE),
    () => {
      more = null;
    },
  );
  return more;
}

function Svg({ size, className, children }: { size: number; className?: string; children?: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}

/** An icon of the set not loaded yet: its box now (nothing moves), its drawing when the rest arrives. */
function LateIcon({ name, size, className }: { name: IconName; size: number; className?: string }) {
  const [, redraw] = useState(0);
  useEffect(() => {
    let live = true;
    void loadMoreIcons().then(() => live && redraw((n) => n + 1));
    return () => void (live = false);
  }, [name]);
  return <Svg size={size} className={className}>{drawn[name]}</Svg>;
}

export function Icon({ name, size = 22, className }: { name: IconName; size?: number; className?: string }) {
  const path = drawn[name];
  if (path === undefined) return <LateIcon name={name} size={size} className={className} />;
  return <Svg size={size} className={className}>{path}</Svg>;
}
