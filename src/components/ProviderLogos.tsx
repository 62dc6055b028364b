/**
 * The footer's row of game-provider wordmarks (spec: 10 logos), drawn as small inline SVG badges
 * so they cost no requests and take their colours from the theme tokens.
 */
export const FOOTER_PROVIDERS = ['JILI', 'PP', 'PG', 'CQ9', 'JDB', 'JOKER', 'PS', 'KA', 'SA', 'SEXY'] as const;

const ACCENTS = ['primary', 'win', 'link', 'loss', 'pending'] as const;

function Badge({ name, accent }: { name: string; accent: (typeof ACCENTS)[number] }) {
  const width = 88;
  return (
    <svg width={width} height={36} viewBox={`0 0 ${width} 36`} role="img" aria-label={name} className="shrink-0">
      <rect x="0.5" y="0.5" width={width - 1} height="35" rx="9" fill="var(--kp-raised)" stroke="var(--kp-line)" />
      <rect x="8" y="9" width="4" height="18" rx="2" fill={`var(--kp-${accent})`} />
      <text
        x={(width + 12) / 2}
        y="23.5"
        textAnchor="middle"
        fill="var(--kp-fg)"
        fontFamily="system-ui, sans-serif"
        fontSize={name.length > 4 ? 13 : 15}
        fontWeight="800"
        letterSpacing="1"
      >
        {name}
      </text>
    </svg>
  );
}

export function ProviderLogos({ label }: { label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap justify-center gap-2">
      {FOOTER_PROVIDERS.map((name, i) => (
        <li key={name}>
          <Badge name={name} accent={ACCENTS[i % ACCENTS.length]!} />
        </li>
      ))}
    </ul>
  );
}
