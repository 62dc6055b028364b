import { FONT, GOLD, coin, escapeXml, n1, rays, svgDocument } from './svg';

/**
 * Promotional banners (1200×400) for the home carousel and pop-up ads (800×300): bold type on a
 * rich gradient, gold coins and light rays on the right. A fixed set, addressed by number.
 */

interface Promo {
  kicker: string;
  big: string;
  sub: string;
  cta: string;
  from: string;
  to: string;
  glow: string;
}

export const BANNERS: readonly Promo[] = [
  { kicker: 'WELCOME BONUS', big: '100%', sub: 'on your first deposit in Kyat', cta: 'JOIN NOW', from: '#2a0f5c', to: '#8e1f86', glow: '#ff5fd2' },
  { kicker: 'DAILY CASHBACK', big: '10%', sub: 'back on every day of play', cta: 'PLAY NOW', from: '#06233f', to: '#0d7d86', glow: '#35f0d2' },
  { kicker: 'SLOT TOURNAMENT', big: '5,000,000 Ks', sub: 'prize pool every week', cta: 'PLAY NOW', from: '#3d0a0a', to: '#c2410c', glow: '#ffb347' },
];

export const POPUPS: readonly Promo[] = [
  { kicker: 'FIRST DEPOSIT BONUS', big: '100%', sub: 'up to 100,000 Ks', cta: 'DEPOSIT NOW', from: '#0b1a4a', to: '#5b21b6', glow: '#f5b942' },
];




function promoSvg(p: Promo, width: number, height: number): string {
  const s = height / 400; // everything is laid out for 400 high, then scaled
  const cx = width - 230 * s;
  const cy = height / 2;
  const bigSize = (p.big.length > 6 ? 96 : 136) * s;
  const body =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>` +
    `<radialGradient id="gw" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${p.glow}" stop-opacity=".55"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>${GOLD}</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    rays(cx, cy, width * 0.6, 14) +
    `<circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(220 * s)}" fill="url(#gw)"/>` +
    coin(cx - 60 * s, cy + 40 * s, 78 * s) +
    coin(cx + 80 * s, cy - 70 * s, 52 * s) +
    coin(cx + 96 * s, cy + 96 * s, 36 * s) +
    coin(cx - 130 * s, cy - 104 * s, 28 * s) +
    `<path d="M${n1(cx + 10 * s)} ${n1(cy - 150 * s)}l6 16 16 6-16 6-6 16-6-16-16-6 16-6z" fill="#fff" opacity=".85"/>` +
    `<g font-family="${FONT}" fill="#fff">` +
    `<text x="${n1(64 * s)}" y="${n1(118 * s)}" font-size="${n1(44 * s)}" font-weight="800" letter-spacing="${n1(4 * s)}">${escapeXml(p.kicker)}</text>` +
    `<text x="${n1(60 * s)}" y="${n1(250 * s)}" font-size="${n1(bigSize)}" font-weight="900" fill="url(#au)" stroke="#3a1d00" stroke-opacity=".35" stroke-width="${n1(4 * s)}" paint-order="stroke">${escapeXml(p.big)}</text>` +
    `<text x="${n1(64 * s)}" y="${n1(300 * s)}" font-size="${n1(30 * s)}" font-weight="600" fill-opacity=".9">${escapeXml(p.sub)}</text>` +
    `<rect x="${n1(64 * s)}" y="${n1(326 * s)}" width="${n1(210 * s)}" height="${n1(52 * s)}" rx="${n1(26 * s)}" fill="url(#au)"/>` +
    `<text x="${n1(169 * s)}" y="${n1(361 * s)}" text-anchor="middle" font-size="${n1(22 * s)}" font-weight="900" letter-spacing="${n1(2 * s)}" fill="#2a1600">${escapeXml(p.cta)}</text>` +
    `</g>`;
  return svgDocument(width, height, body, `${p.kicker} ${p.big}`);
}

/** Banner `n` (1-based), or undefined when there is no such design. */
export function bannerSvg(n: number): string | undefined {
  const p = BANNERS[n - 1];
  return p && promoSvg(p, 1200, 400);
}

export function popupSvg(n: number): string | undefined {
  const p = POPUPS[n - 1];
  return p && promoSvg(p, 800, 300);
}
