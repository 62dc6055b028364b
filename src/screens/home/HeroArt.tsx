/** Decorative coins and dice for the hero card, drawn from theme tokens. */
export function HeroArt({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 220 160" className={className} aria-hidden="true" focusable="false">
      <g opacity="0.95">
        <circle cx="150" cy="62" r="38" fill="var(--kp-primary)" />
        <circle cx="150" cy="62" r="29" fill="none" stroke="var(--kp-on-primary)" strokeWidth="3" opacity="0.55" />
        <path d="M142 46v32M142 62l14-16M146 58l12 20" stroke="var(--kp-on-primary)" strokeWidth="5" strokeLinecap="round" fill="none" opacity="0.7" />
      </g>
      <g transform="rotate(-14 78 104)">
        <rect x="46" y="72" width="64" height="64" rx="14" fill="var(--kp-raised)" stroke="var(--kp-line)" strokeWidth="2" />
        <circle cx="64" cy="90" r="5" fill="var(--kp-fg)" />
        <circle cx="78" cy="104" r="5" fill="var(--kp-fg)" />
        <circle cx="92" cy="118" r="5" fill="var(--kp-fg)" />
      </g>
      <circle cx="196" cy="122" r="16" fill="var(--kp-money)" opacity="0.75" />
      <circle cx="40" cy="34" r="9" fill="var(--kp-win)" opacity="0.7" />
      <circle cx="204" cy="24" r="5" fill="var(--kp-link)" opacity="0.8" />
    </svg>
  );
}
