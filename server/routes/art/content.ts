import type { Lang } from '../content/lang';
import { PROMOTION_WORDS, SCRIPT_FONTS, emWidth, textLine } from './promo-text';
import { FONT, GOLD, coin as plainCoin, escapeXml, hash32, hex, hslToRgb, n1, rays, svgDocument } from './svg';

/** The demo's coins carry a K. */
const coin = (x: number, y: number, r: number) => plainCoin(x, y, r, 'K');

/**
 * Art for the managed content the demo seeds (an operator uploads their own):
 *   promotionSvg(n, lang)  promotion card, 600×400: type on the left (in `lang`), a themed emblem on the right
 *   contactSvg(name)   contact channel icon, 256×256: a glyph on a rounded brand-coloured tile
 *                      (viber, telegram, facebook, line, hotline; any other name gets its initial)
 */


interface PromotionArt {
  from: string;
  to: string;
  glow: string;
  emblem: (cx: number, cy: number) => string;
}


function sparkle(x: number, y: number, s: number, opacity = 0.9): string {
  return `<path d="M${n1(x)} ${n1(y - s)}Q${n1(x)} ${n1(y)} ${n1(x + s)} ${n1(y)}Q${n1(x)} ${n1(y)} ${n1(x)} ${n1(y + s)}Q${n1(x)} ${n1(y)} ${n1(x - s)} ${n1(y)}Q${n1(x)} ${n1(y)} ${n1(x)} ${n1(y - s)}z" fill="#fff" opacity="${opacity}"/>`;
}


/** A stack of coins and a spilling pile: the deposit bonus. */
function coinsEmblem(cx: number, cy: number): string {
  let stack = '';
  for (let i = 0; i < 6; i++) {
    const y = cy + 70 - i * 16;
    stack += `<ellipse cx="${cx - 40}" cy="${y}" rx="46" ry="14" fill="url(#au)" stroke="#a86a0c" stroke-width="3"/>`;
  }
  return stack + coin(cx + 40, cy + 40, 44) + coin(cx + 62, cy - 46, 30) + coin(cx - 70, cy - 70, 22) + sparkle(cx + 10, cy - 96, 14);
}

/** Two lottery balls showing a 2D number. */
function ballsEmblem(cx: number, cy: number): string {
  const ball = (x: number, y: number, r: number, digit: string, color: string) =>
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>` +
    `<circle cx="${x - r * 0.3}" cy="${y - r * 0.35}" r="${n1(r * 0.35)}" fill="#fff" opacity=".35"/>` +
    `<circle cx="${x}" cy="${y}" r="${n1(r * 0.58)}" fill="#fff"/>` +
    `<text x="${x}" y="${n1(y + r * 0.24)}" text-anchor="middle" font-family="${FONT}" font-size="${n1(r * 0.7)}" font-weight="900" fill="#0b3550">${digit}</text>`;
  return ball(cx - 48, cy + 10, 64, '4', '#f97316') + ball(cx + 56, cy - 30, 52, '7', '#22c55e') + coin(cx + 60, cy + 78, 28) + sparkle(cx - 96, cy - 84, 14);
}

/** A three-reel slot window on 7 7 7. */
function reelsEmblem(cx: number, cy: number): string {
  let reels = `<rect x="${cx - 118}" y="${cy - 82}" width="236" height="164" rx="22" fill="url(#au)"/>`;
  for (let k = 0; k < 3; k++) {
    const x = cx - 102 + k * 70;
    reels +=
      `<rect x="${x}" y="${cy - 66}" width="64" height="132" rx="10" fill="#fffaf0"/>` +
      `<text x="${x + 32}" y="${cy + 22}" text-anchor="middle" font-family="${FONT}" font-size="64" font-weight="900" fill="#d61f2c">7</text>`;
  }
  return reels + `<path d="M${cx - 112} ${cy}H${cx + 112}" stroke="#dc2626" stroke-width="3" opacity=".7"/>` + coin(cx + 104, cy + 84, 26) + sparkle(cx + 112, cy - 100, 13);
}

/** Two friends and a gift: the referral reward. */
function friendsEmblem(cx: number, cy: number): string {
  const person = (x: number, y: number, s: number, color: string) =>
    `<circle cx="${x}" cy="${y - 44 * s}" r="${n1(26 * s)}" fill="${color}"/>` +
    `<path d="M${n1(x - 46 * s)} ${n1(y + 40 * s)}c0-40 20-58 ${n1(46 * s)}-58s${n1(46 * s)} 18 ${n1(46 * s)} 58z" fill="${color}"/>`;
  return (
    person(cx - 60, cy, 1, '#c7d2fe') +
    person(cx + 44, cy - 8, 1.1, '#fff') +
    `<rect x="${cx - 16}" y="${cy + 30}" width="72" height="56" rx="6" fill="#ef4444"/>` +
    `<rect x="${cx - 22}" y="${cy + 18}" width="84" height="18" rx="4" fill="#f87171"/>` +
    `<rect x="${cx + 12}" y="${cy + 18}" width="16" height="68" fill="url(#au)"/>` +
    coin(cx + 96, cy - 76, 24) +
    sparkle(cx - 104, cy - 90, 13)
  );
}

export const PROMOTION_ART: readonly PromotionArt[] = [
  { from: '#2a0f5c', to: '#a21caf', glow: '#ff5fd2', emblem: coinsEmblem },
  { from: '#061a3a', to: '#0d7d86', glow: '#35f0d2', emblem: ballsEmblem },
  { from: '#3d0a0a', to: '#ea580c', glow: '#ffb347', emblem: reelsEmblem },
  { from: '#0b1a4a', to: '#4f46e5', glow: '#93c5fd', emblem: friendsEmblem },
];

/** The words stay left of the emblem (its left edge is about x = 335). */
const PROMO_TEXT_WIDTH = 290;

/** Promotion card `n` (1-based), 600×400, its words in `lang`, or undefined when there is no such design. */
export function promotionSvg(n: number, lang: Lang = 'en'): string | undefined {
  const art = PROMOTION_ART[n - 1];
  const words = PROMOTION_WORDS[n - 1]?.[lang];
  if (!art || !words) return undefined;
  const p = { ...art, ...words };
  const width = 600;
  const height = 400;
  const cx = 455;
  const cy = 190;
  const bigSize = p.big.length > 5 ? 66 : 112;
  const ctaWidth = Math.max(176, Math.min(PROMO_TEXT_WIDTH, emWidth(p.cta) * 18 + 48));
  const body =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>` +
    `<radialGradient id="gw" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${p.glow}" stop-opacity=".6"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="sh" x1="0" y1="0" x2="0" y2="1"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></linearGradient>${GOLD}</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    rays(cx, cy, 520, 14) +
    `<circle cx="${cx}" cy="${cy}" r="190" fill="url(#gw)"/>` +
    `<circle cx="70" cy="360" r="90" fill="#fff" opacity=".05"/><circle cx="260" cy="40" r="46" fill="#fff" opacity=".05"/>` +
    p.emblem(cx, cy) +
    `<rect width="${width}" height="${height}" fill="url(#sh)"/>` +
    `<g font-family="${SCRIPT_FONTS[lang]}${FONT}" fill="#fff">` +
    textLine(36, 84, p.kicker, { size: p.kicker.length > 14 ? 22 : 30, maxWidth: PROMO_TEXT_WIDTH, weight: 800, spacing: p.kicker.length > 14 ? 1.5 : 3 }, escapeXml) +
    textLine(32, p.big.length > 5 ? 180 : 200, p.big, {
      size: bigSize,
      maxWidth: PROMO_TEXT_WIDTH,
      weight: 900,
      attrs: 'fill="url(#au)" stroke="#3a1d00" stroke-opacity=".35" stroke-width="3" paint-order="stroke"',
    }, escapeXml) +
    textLine(36, 252, p.sub, { size: 21, maxWidth: PROMO_TEXT_WIDTH, weight: 600, attrs: 'fill-opacity=".92"' }, escapeXml) +
    `<rect x="36" y="300" width="${n1(ctaWidth)}" height="48" rx="24" fill="url(#au)"/>` +
    textLine(36 + ctaWidth / 2, 331, p.cta, { size: 18, maxWidth: ctaWidth - 24, weight: 900, spacing: 1.5, anchor: 'middle', attrs: 'fill="#2a1600"' }, escapeXml) +
    `</g>` +
    `<text x="564" y="376" text-anchor="end" font-family="${FONT}" font-size="16" font-weight="800" fill="#fff" opacity=".75">KyatPlay</text>`;
  return svgDocument(width, height, body, `${p.kicker} ${p.big}`);
}

interface ContactArt {
  from: string;
  to: string;
  glyph: string;
}

/** Glyphs on a 256 grid, white on the tile. */
const CONTACT_ART: Record<string, ContactArt> = {
  // A phone handset in a speech bubble.
  viber: {
    from: '#8f7cff',
    to: '#5b3fd1',
    glyph:
      '<path d="M128 52c-46 0-80 28-80 70 0 24 10 42 28 54v30l28-20c8 2 16 2 24 2 46 0 80-28 80-66s-34-70-80-70z" fill="none" stroke="#fff" stroke-width="12" stroke-linejoin="round"/>' +
      '<path d="M104 94c6-4 12-2 15 4l6 12c2 5 0 9-4 12l-5 4c5 11 13 19 24 24l4-5c3-4 8-5 12-3l12 6c6 3 8 9 4 15-6 9-16 11-27 6-23-10-39-26-49-49-5-11-3-21 8-26z" fill="#fff"/>',
  },
  // A paper plane.
  telegram: {
    from: '#4cc3f5',
    to: '#1c8fd6',
    glyph:
      '<path d="M56 124l136-54c7-3 13 2 11 10l-24 114c-2 8-8 10-14 6l-38-28-18 18c-3 3-7 2-8-2l-8-36-34-12c-8-3-8-12-3-16z" fill="#fff"/>' +
      '<path d="M101 142l78-56-62 66-3 36z" fill="#c8e9fb"/>',
  },
  // A bold lower-case f.
  facebook: {
    from: '#3b8bff',
    to: '#1458d4',
    glyph: '<path d="M140 212v-72h26l4-30h-30V92c0-9 3-15 16-15h16V50c-3 0-13-1-24-1-24 0-40 15-40 41v20H82v30h26v72z" fill="#fff"/>',
  },
  // A speech bubble with LINE in it.
  line: {
    from: '#2fe07a',
    to: '#04a34a',
    glyph:
      '<path d="M128 50c-50 0-88 30-88 70 0 36 30 64 72 69 6 1 8 4 7 10l-2 14c-1 5 3 7 8 4 30-16 88-52 88-97 0-40-35-70-85-70z" fill="#fff"/>' +
      `<text x="128" y="136" text-anchor="middle" font-family="${FONT}" font-size="38" font-weight="900" fill="#06a84a">LINE</text>`,
  },
  // A handset and 24/7: the phone hotline.
  hotline: {
    from: '#f5b942',
    to: '#c2410c',
    glyph:
      '<path d="M84 56c10-6 20-3 25 6l12 24c4 8 1 16-6 21l-10 7c9 20 24 35 44 44l7-10c5-7 13-9 21-6l24 12c9 5 12 15 6 25-10 17-30 22-50 13-42-19-67-44-86-86-9-20-4-40 13-50z" fill="#fff"/>' +
      `<text x="178" y="98" text-anchor="middle" font-family="${FONT}" font-size="40" font-weight="900" fill="#fff">24/7</text>`,
  },
};

/** Contact icon for a channel name, 256×256; an unknown name gets its initial on a colour of its own. */
export function contactSvg(name: string): string {
  const key = name.toLowerCase();
  const known = CONTACT_ART[key];
  const seeded = hslToRgb(hash32(key) % 360, 0.6, 0.45);
  const art: ContactArt = known ?? {
    from: hex(hslToRgb(hash32(key) % 360, 0.65, 0.58)),
    to: hex(seeded),
    glyph:
      '<path d="M128 52c-46 0-80 28-80 70 0 24 10 42 28 54v30l28-20c8 2 16 2 24 2 46 0 80-28 80-66s-34-70-80-70z" fill="#fff" opacity=".95"/>' +
      `<text x="128" y="150" text-anchor="middle" font-family="${FONT}" font-size="72" font-weight="900" fill="${hex(seeded)}">${escapeXml([...name][0]?.toUpperCase() ?? '?')}</text>`,
  };
  const body =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient>` +
    `<linearGradient id="hl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>` +
    `<rect width="256" height="256" rx="56" fill="url(#bg)"/>` +
    `<path d="M56 0h144a56 56 0 0 1 56 56v40C190 120 66 120 0 96V56A56 56 0 0 1 56 0z" fill="url(#hl)"/>` +
    art.glyph;
  return svgDocument(256, 256, body, name);
}
