import { useId } from 'react';

interface Props {
  /** 0–9, or null for the '?' face shown before a roll. */
  value: number | null;
  /** Rendered size in px (the art is square). */
  size?: number;
  className?: string;
  /** Decorative when a label is written next to it (the default); else the digit is its name. */
  label?: string;
}

/** Small (0–4) in the cool accent, Big (5–9) in the warm one, '?' muted: all theme tokens. */
function toneOf(value: number | null): string {
  if (value === null) return 'var(--kp-muted)';
  return value >= 5 ? 'var(--kp-primary)' : 'var(--kp-link)';
}

const mix = (tone: string, pct: number) => `color-mix(in srgb, ${tone} ${pct}%, var(--kp-bg))`;

/**
 * A Digit Bet tile drawn in SVG: a polished, bevelled die face with the digit, on a darker base
 * for depth, with a soft gloss. Fixed square size, no image download, colours from theme tokens.
 */
export function DigitArt({ value, size = 64, className = '', label }: Props) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const tone = toneOf(value);
  return (
    <svg
      viewBox="0 0 100 100"
      width={size}
      height={size}
      className={`block shrink-0 ${className}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <Gradients id={id} tone={tone} />
      {/* base (depth) */}
      <rect x="6" y="11" width="88" height="85" rx="22" style={{ fill: mix(tone, 42) }} />
      {/* face */}
      <rect x="6" y="4" width="88" height="84" rx="22" fill={`url(#${id}-face)`} />
      <rect x="6" y="4" width="88" height="84" rx="22" fill={`url(#${id}-glow)`} />
      <rect x="8.5" y="6.5" width="83" height="79" rx="19.5" fill="none" style={{ stroke: 'var(--kp-fg)', strokeOpacity: 0.35 }} strokeWidth="1.5" />
      {/* gloss */}
      <path d="M20 8h60a14 14 0 0 1 12 10c-14 8-30 11-42 11S22 26 8 18a14 14 0 0 1 12-10Z" fill={`url(#${id}-gloss)`} />
      {/* corner pips, as on a die */}
      <circle cx="22" cy="72" r="3.2" style={{ fill: 'var(--kp-bg)', fillOpacity: 0.28 }} />
      <circle cx="78" cy="20" r="3.2" style={{ fill: 'var(--kp-bg)', fillOpacity: 0.28 }} />
      <EmbossedDigit id={id} text={value === null ? '?' : String(value)} />
    </svg>
  );
}

/** The face's fill in the tone, the gloss and the glow, named `<id>-face`, `<id>-gloss`, `<id>-glow`. */
function Gradients({ id, tone }: { id: string; tone: string }) {
  return (
    <defs>
      <linearGradient id={`${id}-face`} x1="0" y1="0" x2="0.35" y2="1">
        <stop offset="0" style={{ stopColor: mix(tone, 100) }} />
        <stop offset="0.55" style={{ stopColor: mix(tone, 88) }} />
        <stop offset="1" style={{ stopColor: mix(tone, 68) }} />
      </linearGradient>
      <linearGradient id={`${id}-gloss`} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" style={{ stopColor: 'var(--kp-fg)', stopOpacity: 0.55 }} />
        <stop offset="1" style={{ stopColor: 'var(--kp-fg)', stopOpacity: 0 }} />
      </linearGradient>
      <radialGradient id={`${id}-glow`} cx="0.5" cy="0.42" r="0.6">
        <stop offset="0" style={{ stopColor: 'var(--kp-fg)', stopOpacity: 0.22 }} />
        <stop offset="1" style={{ stopColor: 'var(--kp-fg)', stopOpacity: 0 }} />
      </radialGradient>
    </defs>
  );
}

/**
 * The digit, with a light edge under it for an embossed look: one text, drawn twice by reference,
 * so a reader (and the button's visible text) meets the digit once.
 */
function EmbossedDigit({ id, text }: { id: string; text: string }) {
  return (
    <>
      <defs>
        <text
          id={`${id}-digit`}
          x="50"
          y="49"
          dy="0.35em"
          textAnchor="middle"
          fontSize="58"
          fontWeight="800"
          fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        >
          {text}
        </text>
      </defs>
      <use href={`#${id}-digit`} style={{ fill: 'var(--kp-fg)', fillOpacity: 0.45 }} transform="translate(0 1.6)" />
      <use href={`#${id}-digit`} style={{ fill: 'var(--kp-bg)' }} />
    </>
  );
}
