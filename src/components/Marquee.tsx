/**
 * A line of text that scrolls across (CSS only: src/styles/base.css `.kp-marquee`). It pauses
 * while hovered, and stands still, wrapped, for readers who prefer reduced motion. Without text
 * to show (none, or only blanks) there is no box at all.
 */
export function Marquee({ text, label }: { text: string | null | undefined; label: string }) {
  const shown = marqueeText(text);
  if (!shown) return null;
  // Long announcements scroll longer, so every text moves at about the same reading speed.
  const seconds = Math.min(60, Math.max(12, Math.round(shown.length / 4)));
  return (
    <section aria-label={label} className="kp-marquee flex min-h-11 items-center overflow-hidden rounded-xl border border-line bg-surface text-sm" data-testid="marquee">
      <span className="kp-marquee-track" style={{ animationDuration: `${seconds}s` }}>
        {shown}
      </span>
    </section>
  );
}

/** The text worth a marquee: trimmed, or null when nothing visible is left (blanks, zero-width marks). */
export function marqueeText(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim();
  return /[^\s\u200B-\u200D\u2060\uFEFF]/.test(trimmed) ? trimmed : null;
}
