import type { ReactNode } from 'react';

/** The icons only later screens draw (./Icon.tsx has the first screens'): a chunk of its own. */
export const MORE = {
  eye: (
    <>
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  eyeOff: <path d="M3 3l18 18M10.6 5.6A9.6 9.6 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16 16 0 0 1-2.7 3.5M6.6 6.7C4 8.4 2.5 12 2.5 12S6 18.5 12 18.5c1.7 0 3.1-.5 4.4-1.2M9.9 9.9a3 3 0 0 0 4.2 4.2" />,
  logout: <path d="M14 4.5H6.5A1.5 1.5 0 0 0 5 6v12a1.5 1.5 0 0 0 1.5 1.5H14M10.5 12H20m-3-3.5 3.5 3.5-3.5 3.5" />,
  download: <path d="M12 4v11m-4.5-4.5L12 15l4.5-4.5M5 19.5h14" />,
  telegram: <path d="M20.5 4.5 3.5 11l5.5 2m11.5-8.5L17.5 19 9 13m11.5-8.5L9 13m0 0v5.5l3-3" />,
  viber: (
    <>
      <path d="M12 3.5c4.7 0 8 2.3 8 7.3s-3.3 7-8 7c-.8 0-1.6 0-2.3-.2L6.5 20v-3.2C4.6 15.6 4 13.4 4 10.8c0-5 3.3-7.3 8-7.3Z" />
      <path d="M9.5 8.5c0 3 2.6 5.5 5.5 5.5l.8-1.3-1.7-.9-.8.8a4 4 0 0 1-2.4-2.4l.8-.8-.9-1.7z" />
    </>
  ),
  line: <path d="M12 4c4.7 0 8.5 3 8.5 6.8 0 3.4-3.2 6.3-7.6 6.8-.6.1-.5.8-.4 1.3.1.6-.3 1-.9.7C8 18 3.5 14.6 3.5 10.8 3.5 7 7.3 4 12 4ZM7.5 9v3.5h2m2-3.5v3.5m2.5 0V9l2.5 3.5V9" />,
  facebook: <path d="M13.5 20.5v-7h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4a21 21 0 0 0-2.3-.1c-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5v7" />,
  shield: <path d="M12 3.5 5 6v5.5c0 4.3 3 7.7 7 9 4-1.3 7-4.7 7-9V6z M9 12l2 2 4-4" />,
  lock: (
    <>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  check: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  cross: <path d="m7 7 10 10M17 7 7 17" />,
  copy: (
    <>
      <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
      <path d="M15.5 8.5V6a1.5 1.5 0 0 0-1.5-1.5H6A1.5 1.5 0 0 0 4.5 6v8A1.5 1.5 0 0 0 6 15.5h2.5" />
    </>
  ),
  swap: <path d="M7 4.5v15m0 0-3.5-3.5M7 19.5l3.5-3.5M17 19.5v-15m0 0-3.5 3.5M17 4.5l3.5 3.5" />,
  arrowRight: <path d="M4.5 12h15m-5-5 5 5-5 5" />,
  bank: <path d="M3.5 9.5 12 4.5l8.5 5M5 9.5v8M9.5 9.5v8M14.5 9.5v8M19 9.5v8M3.5 19.5h17" />,
  image: (
    <>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="m4 18 5.5-5 4 3.5 2.5-2 4 3.5" />
    </>
  ),
  history: <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3L4.5 9M4.5 4.5V9H9M12 8v4.5l3 1.8" />,
  exchange: <path d="M4.5 9h14m0 0-3.5-3.5M18.5 9 15 12.5M19.5 15h-14m0 0L9 11.5M5.5 15 9 18.5" />,
  receipt: <path d="M6 3.5h12v17l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5-2 1.5zM9 8h6M9 11.5h6M9 15h3.5" />,
  grid: <path d="M4.5 4.5h6v6h-6zM13.5 4.5h6v6h-6zM4.5 13.5h6v6h-6zM13.5 13.5h6v6h-6z" />,
  megaphone: <path d="M4 10v4h3l7 4.5v-13L7 10zM17.5 9a4 4 0 0 1 0 6M7 14l1 5.5h2.5L10 15" />,
  calendar: (
    <>
      <rect x="3.5" y="5.5" width="17" height="15" rx="2.5" />
      <path d="M3.5 10h17M8 3.5v4M16 3.5v4M8 14h.01M12 14h.01M16 14h.01M8 17h.01M12 17h.01" />
    </>
  ),
  help: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.4M12 17h.01" />
    </>
  ),
  pencil: <path d="M4.5 19.5 5.3 15.6 15.8 5.1a1.8 1.8 0 0 1 2.5 0l.6.6a1.8 1.8 0 0 1 0 2.5L8.4 18.7zM13.8 7.1l3.1 3.1" />,
  trash: <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l.9 12.5h9.2L17.5 7M10 10.5v6M14 10.5v6" />,
  info: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 11v5M12 8h.01" />
    </>
  ),
  list: <path d="M9 6.5h11M9 12h11M9 17.5h11M4.5 6.5h.01M4.5 12h.01M4.5 17.5h.01" />,
  trophy: <path d="M8 4.5h8v5a4 4 0 0 1-8 0zM8 6H4.5v1.5A3 3 0 0 0 8 10.5M16 6h3.5v1.5a3 3 0 0 1-3.5 3M12 13.5v3.5M8.5 20h7M9.5 20v-3h5v3" />,
  user: (
    <>
      <circle cx="12" cy="8.5" r="3.5" />
      <path d="M5 20c.8-3.5 3.6-5.5 7-5.5s6.2 2 7 5.5" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type MoreIconName = keyof typeof MORE;
