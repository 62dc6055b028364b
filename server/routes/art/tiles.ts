import { seededRandom } from '../../domain/catalogue-names';
import { motifSvg, themeOf } from './motifs';
import { FONT, GOLD, darken, escapeXml, hash32, hex, lighten, n1, parseColor, rays, svgDocument, wrapLines, type Rgb } from './svg';

/**
 * Game tiles (300×300) and provider logo tiles (300×200): a gradient from the provider's colour,
 * a picture of what the game is (a motif from its name and type), bold white type with a dark
 * halo, and a band in the provider's colour. Built for a dark theme; each stays under 4 kB.
 */

export interface GameArt {
  name: string;
  providerCode: string;
  color: string;
  typeCode: string;
}

const TYPE_LABEL: Record<string, string> = {
  slot: 'SLOT',
  live_casino: 'LIVE',
  sport_book: 'SPORTS',
  virtual_sport: 'VIRTUAL',
  lottery: 'LOTTERY',
  p2p: 'P2P',
  fishing: 'FISHING',
  cock_fighting: 'COCKFIGHT',
  bonus: 'BONUS',
  esport: 'E-SPORT',
  poker: 'POKER',
  others: 'GAMES',
};

/** A few faint sparkles and rings behind the motif, placed by a hash of the name. */
function backdrop(rand: () => number, fill: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 4; i++) {
    const x = n1(20 + rand() * 260);
    const y = n1(16 + rand() * 200);
    const r = n1(10 + rand() * 26);
    parts.push(
      i % 2
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${fill}" stroke-width="4" opacity=".18"/>`
        : `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" opacity=".14"/>`,
    );
  }
  return parts.join('');
}

function gradients(base: Rgb): string {
  return (
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hex(lighten(base, 0.28))}"/>` +
    `<stop offset=".55" stop-color="${hex(base)}"/><stop offset="1" stop-color="${hex(darken(base, 0.62))}"/></linearGradient>` +
    `<radialGradient id="gl" cx=".5" cy=".36" r=".55"><stop offset="0" stop-color="#fff" stop-opacity=".42"/>` +
    `<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`
  );
}

/**
 * Light rays, the game's motif (./motifs: a fish, cards, a gem … chosen from its name and type)
 * over a soft dark halo so it reads on any provider colour, the name, and the provider band.
 */
export function gameTileSvg(art: GameArt): string {
  const base = parseColor(art.color, art.providerCode);
  const seed = hash32(art.name);
  const rand = seededRandom(seed);
  const accent = hex(lighten(base, 0.75));
  const theme = themeOf(art.name, art.typeCode);
  // A slight tilt, different per game, so a row of the same motif does not look stamped.
  const tilt = Math.round((rand() - 0.5) * 16);
  const title = tileTitle(art.name);
  // The motif sits above the title: lower when the name takes one line.
  const motifTop = title.lines > 1 ? 8 : 18;

  const body =
    `<defs>${gradients(base)}${GOLD}` +
    `<radialGradient id="ha" cx=".5" cy=".5" r=".5"><stop offset=".4" stop-color="#0b1020" stop-opacity=".45"/><stop offset="1" stop-color="#0b1020" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="sh" x1="0" y1="0" x2="0" y2="1"><stop offset=".45" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity=".55"/></linearGradient>` +
    `<clipPath id="c"><rect width="300" height="300" rx="22"/></clipPath></defs>` +
    `<g clip-path="url(#c)"><rect width="300" height="300" fill="url(#bg)"/>${rays(150, motifTop + 80, 260, 12)}${backdrop(rand, accent)}` +
    `<rect width="300" height="300" fill="url(#gl)"/>` +
    `<circle cx="150" cy="${motifTop + 80}" r="100" fill="url(#ha)"/>` +
    `<g transform="translate(70 ${motifTop}) scale(1.6) rotate(${tilt} 50 50)">${motifSvg(theme, art.name, seed)}</g>` +
    `<rect width="300" height="300" fill="url(#sh)"/>` +
    title.svg +
    providerBand(art, base, accent) +
    `</g>`;
  return svgDocument(300, 300, body, `${art.name} (${art.providerCode})`);
}

/** The name on one or two lines, sized to its longest, the last line's baseline at 240. */
function tileTitle(name: string): { svg: string; lines: number } {
  const lines = wrapLines(name, 16, 2);
  const longest = Math.max(...lines.map((l) => [...l].length));
  const size = longest <= 9 ? 32 : longest <= 12 ? 29 : longest <= 14 ? 26 : 23;
  const lineHeight = size * 1.1;
  const lastBaseline = 240;
  const tspans = lines
    .map((line, i) => `<tspan x="150" y="${n1(lastBaseline - (lines.length - 1 - i) * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  const svg =
    `<text text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="${size}" fill="#fff" stroke="#0b1020" ` +
    `stroke-opacity=".6" stroke-width="5" stroke-linejoin="round" paint-order="stroke">${tspans}</text>`;
  return { svg, lines: lines.length };
}

/** The bottom band: the provider's code and the game's type. */
function providerBand(art: GameArt, base: Rgb, accent: string): string {
  const band = hex(darken(base, 0.38));
  const typeLabel = TYPE_LABEL[art.typeCode] ?? art.typeCode.toUpperCase().slice(0, 10);
  const code = art.providerCode.toUpperCase().slice(0, 10);
  return (
    `<rect y="254" width="300" height="46" fill="${band}"/><rect y="254" width="300" height="3" fill="${accent}" opacity=".8"/>` +
    `<text x="18" y="286" font-family="${FONT}" font-weight="900" font-size="21" letter-spacing="2" fill="#fff">${escapeXml(code)}</text>` +
    `<text x="282" y="285" text-anchor="end" font-family="${FONT}" font-weight="700" font-size="13" letter-spacing="1.5" fill="#fff" fill-opacity=".78">${escapeXml(typeLabel)}</text>`
  );
}

export interface ProviderArt {
  code: string;
  name: string;
  color: string;
}

export function providerTileSvg(art: ProviderArt): string {
  const base = parseColor(art.color, art.code);
  const code = art.code.toUpperCase().slice(0, 8);
  const len = [...code].length;
  const size = len <= 3 ? 72 : len <= 5 ? 54 : 40;
  const showName = art.name.trim().toUpperCase() !== code;
  const name = wrapLines(art.name, 24, 1)[0] ?? '';
  const accent = hex(lighten(base, 0.7));
  const body =
    `<defs>${gradients(base)}<clipPath id="c"><rect width="300" height="200" rx="22"/></clipPath></defs>` +
    `<g clip-path="url(#c)"><rect width="300" height="200" fill="url(#bg)"/>` +
    `<circle cx="262" cy="28" r="70" fill="none" stroke="${accent}" stroke-width="14" opacity=".22"/>` +
    `<circle cx="30" cy="188" r="54" fill="${accent}" opacity=".14"/>` +
    `<rect width="300" height="200" fill="url(#gl)"/>` +
    `<text x="150" y="${showName ? 112 : 124}" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="${size}" ` +
    `letter-spacing="3" fill="#fff" stroke="#0b1020" stroke-opacity=".45" stroke-width="5" paint-order="stroke">${escapeXml(code)}</text>` +
    (showName
      ? `<text x="150" y="154" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="19" fill="#fff" fill-opacity=".88">${escapeXml(name)}</text>`
      : '') +
    `<rect y="188" width="300" height="12" fill="${hex(darken(base, 0.4))}"/></g>`;
  return svgDocument(300, 200, body, art.name);
}
