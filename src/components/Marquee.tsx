/**
 * A line of text that scrolls across (CSS only: src/styles/base.css `.kp-marquee`). It pauses
 * while hovered, and stands still, wrapped, for readers who prefer reduced motion.
 */
export function Marquee({ text, label }: { text: string; label: string }) {
  // Long announcements scroll longer, so every text moves at about the same reading speed.
  const seconds = Math.min(60, Math.max(12, Math.round(text.length / 4)));
  return (
    <section aria-label={label} className="kp-marquee flex min-h-11 items-center overflow-hidden rounded-xl border border-line bg-surface text-sm">
      <span className="kp-marquee-track" style={{ animationDuration: `${seconds}s` }}>
        {text}
      </span>
    </section>
  );
}
