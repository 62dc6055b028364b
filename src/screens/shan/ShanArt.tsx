import { useId } from 'react';

/** Suit marks on a 20-unit box. */
const SUIT = {
  spade: 'M10 1C10 1 1 8 1 12.2a4 4 0 0 0 7.4 2.1L7 19h6l-1.4-4.7a4 4 0 0 0 7.4-2.1C19 8 10 1 10 1Z',
  heart: 'M10 18.5S1 12.6 1 6.8a4.6 4.6 0 0 1 9-1.6 4.6 4.6 0 0 1 9 1.6c0 5.8-9 11.7-9 11.7Z',
  diamond: 'M10 1 18 10 10 19 2 10Z',
  club: 'M10 1a4 4 0 0 0-3.4 6.1A4 4 0 1 0 8.6 14L7 19h6l-1.6-5a4 4 0 1 0 2-6.9A4 4 0 0 0 10 1Z',
} as const;

type Suit = keyof typeof SUIT;

const RED: Record<Suit, boolean> = { spade: false, heart: true, diamond: true, club: false };

function Pip({ suit, x, y, size, flip = false }: { suit: Suit; x: number; y: number; size: number; flip?: boolean }) {
  const k = size / 20;
  const turn = flip ? ` rotate(180 10 10)` : '';
  return <path d={SUIT[suit]} transform={`translate(${x} ${y}) scale(${k})${turn}`} className={RED[suit] ? 'fill-loss' : 'fill-bg'} />;
}

/** One playing card (120×170) turned about the fan's pivot, well below the table. */
function Card({ suit, angle }: { suit: Suit; angle: number }) {
  return (
    <g transform={`rotate(${angle} 320 460)`}>
      <rect x="260" y="118" width="120" height="170" rx="12" className="fill-fg stroke-line" strokeWidth="2" />
      <rect x="268" y="126" width="104" height="154" rx="8" fill="none" className="stroke-line" strokeWidth="1.5" opacity="0.6" />
      <Pip suit={suit} x={270} y={130} size={18} />
      <Pip suit={suit} x={352} y={258} size={18} flip />
      <Pip suit={suit} x={294} y={177} size={52} />
    </g>
  );
}

/** A stack of chips: gold discs with a dashed edge. */
function Chips({ x, y, count }: { x: number; y: number; count: number }) {
  return (
    <g>
      {Array.from({ length: count }, (_, i) => (
        <g key={i} transform={`translate(0 ${-i * 9})`}>
          <ellipse cx={x} cy={y + 4} rx="34" ry="12" className="fill-bronze" />
          <ellipse cx={x} cy={y} rx="34" ry="12" className="fill-primary" />
          <ellipse cx={x} cy={y} rx="24" ry="8" fill="none" className="stroke-on-primary" strokeWidth="2" strokeDasharray="6 5" opacity="0.55" />
        </g>
      ))}
    </g>
  );
}

/**
 * The Shan Koe Mee card artwork, drawn here (no image to download on slow data): a felt table
 * with a gold rim, a fan of three cards and chip stacks. Colours come from the theme tokens, so a
 * Telegram theme recolours it too. Decorative: the game's name is written beside it.
 */
export function ShanArt({ className = '' }: { className?: string }) {
  const id = useId();
  const felt = `${id}-felt`;
  const glow = `${id}-glow`;
  return (
    <svg viewBox="0 0 640 400" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false" className={`block bg-bg ${className}`}>
      <defs>
        <radialGradient id={felt} cx="50%" cy="45%" r="65%">
          <stop offset="0" style={{ stopColor: 'var(--kp-win)', stopOpacity: 0.45 }} />
          <stop offset="0.55" style={{ stopColor: 'var(--kp-surface)', stopOpacity: 1 }} />
          <stop offset="1" style={{ stopColor: 'var(--kp-bg)', stopOpacity: 1 }} />
        </radialGradient>
        <radialGradient id={glow} cx="50%" cy="30%" r="50%">
          <stop offset="0" style={{ stopColor: 'var(--kp-primary)', stopOpacity: 0.35 }} />
          <stop offset="1" style={{ stopColor: 'var(--kp-primary)', stopOpacity: 0 }} />
        </radialGradient>
      </defs>
      <rect width="640" height="400" fill={`url(#${glow})`} />
      <ellipse cx="320" cy="330" rx="330" ry="150" fill={`url(#${felt})`} className="stroke-primary" strokeWidth="8" />
      <ellipse cx="320" cy="330" rx="300" ry="128" fill="none" className="stroke-money" strokeWidth="1.5" strokeDasharray="3 9" opacity="0.5" />
      <Chips x={150} y={330} count={4} />
      <Chips x={492} y={338} count={3} />
      <Card suit="spade" angle={-20} />
      <Card suit="diamond" angle={0} />
      <Card suit="heart" angle={20} />
      <g className="fill-money" opacity="0.8">
        <circle cx="182" cy="92" r="3" />
        <circle cx="470" cy="70" r="2.5" />
        <circle cx="540" cy="150" r="2" />
        <circle cx="96" cy="170" r="2" />
      </g>
    </svg>
  );
}
