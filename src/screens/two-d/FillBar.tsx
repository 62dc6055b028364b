import type { Level } from './availability';

/** The bar's colour per level (theme tokens only; kept in a .tsx file so UnoCSS sees the classes). */
const BAR_CLASS: Record<Level, string> = {
  plenty: 'bg-win',
  some: 'bg-pending',
  few: 'bg-loss',
  full: 'bg-muted',
};

/**
 * How much of a number's break is left, as a bar in its level's colour. A full or closed number
 * shows a whole grey bar: the colour, not the length, says "cannot be picked".
 */
export function FillBar({ level, percent, className = '' }: { level: Level; percent: number; className?: string }) {
  const width = level === 'full' ? 100 : Math.max(percent, 4);
  return (
    <span aria-hidden="true" className={`block h-1.5 overflow-hidden rounded-full bg-raised ${className}`}>
      <span className={`block h-full rounded-full ${BAR_CLASS[level]}`} style={{ width: `${width}%` }} />
    </span>
  );
}
