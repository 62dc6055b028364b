import { seededRandom } from '../../domain/catalogue-names';
import { FONT, darken, escapeXml, hash32, hex, lighten, n1, parseColor, svgDocument, wrapLines, type Rgb } from './svg';

/**
 * Game tiles (300×300) and provider logo tiles (300×200): a gradient from the provider's colour,
 * abstract shapes chosen by a hash of the name, bold white type with a dark halo, and a band in
 * the provider's colour. Built for a dark theme; each stays well under 4 kB.
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

function shape(rand: () => number, fill: string): string {
  const x = n1(rand() * 300);
  const y = n1(rand() * 230);
  const size = 14 + rand() * 46;
  const opacity = (0.12 + rand() * 0.22).toFixed(2);
  const kind = Math.floor(rand() * 5);
  switch (kind) {
    case 0:
      return `<circle cx="${x}" cy="${y}" r="${n1(size)}" fill="${fill}" opacity="${opacity}"/>`;
    case 1:
      return `<circle cx="${x}" cy="${y}" r="${n1(size)}" fill="none" stroke="${fill}" stroke-width="${n1(3 + rand() * 6)}" opacity="${opacity}"/>`;
    case 2:
      return `<rect x="${n1(-size / 2)}" y="${n1(-size / 2)}" width="${n1(size)}" height="${n1(size)}" rx="${n1(size / 6)}" fill="${fill}" opacity="${opacity}" transform="translate(${x} ${y}) rotate(45)"/>`;
    case 3: {
      const pts: string[] = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 === 0 ? size : size * 0.45;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        pts.push(`${n1(Number(x) + r * Math.cos(a))},${n1(Number(y) + r * Math.sin(a))}`);
      }
      return `<polygon points="${pts.join(' ')}" fill="${fill}" opacity="${opacity}"/>`;
    }
    default: {
      return `<path d="M${n1(Number(x) - size)} ${y}q${n1(size / 2)} -${n1(size / 2)} ${n1(size)} 0t${n1(size)} 0" fill="none" stroke="${fill}" stroke-width="${n1(4 + rand() * 5)}" stroke-linecap="round" opacity="${opacity}"/>`;
    }
  }
}

/** First letters of the first two words (letters and digits only), for the medallion. */
function initials(name: string): string {
  const words = name.split(/\s+/).map((w) => [...w].find((ch) => /[\p{L}\p{N}]/u.test(ch)) ?? '').filter(Boolean);
  return (words.slice(0, 2).join('') || '★').toUpperCase();
}

function gradients(base: Rgb): string {
  return (
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hex(lighten(base, 0.28))}"/>` +
    `<stop offset=".55" stop-color="${hex(base)}"/><stop offset="1" stop-color="${hex(darken(base, 0.62))}"/></linearGradient>` +
    `<radialGradient id="gl" cx=".5" cy=".36" r=".55"><stop offset="0" stop-color="#fff" stop-opacity=".42"/>` +
    `<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`
  );
}

export function gameTileSvg(art: GameArt): string {
  const base = parseColor(art.color, art.providerCode);
  const rand = seededRandom(hash32(art.name));
  const accent = hex(lighten(base, 0.75));
  const shapes: string[] = [];
  const count = 5 + Math.floor(rand() * 3);
  for (let i = 0; i < count; i++) shapes.push(shape(rand, i % 3 === 2 ? hex(darken(base, 0.5)) : accent));

  const lines = wrapLines(art.name, 16, 2);
  const longest = Math.max(...lines.map((l) => [...l].length));
  const size = longest <= 9 ? 34 : longest <= 12 ? 30 : longest <= 14 ? 27 : 24;
  const lineHeight = size * 1.12;
  const lastBaseline = 236;
  const title = lines
    .map((line, i) => `<tspan x="150" y="${n1(lastBaseline - (lines.length - 1 - i) * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  const band = hex(darken(base, 0.38));
  const typeLabel = TYPE_LABEL[art.typeCode] ?? art.typeCode.toUpperCase().slice(0, 10);
  const code = art.providerCode.toUpperCase().slice(0, 10);

  const body =
    `<defs>${gradients(base)}` +
    `<linearGradient id="sh" x1="0" y1="0" x2="0" y2="1"><stop offset=".4" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity=".5"/></linearGradient>` +
    `<clipPath id="c"><rect width="300" height="300" rx="22"/></clipPath></defs>` +
    `<g clip-path="url(#c)"><rect width="300" height="300" fill="url(#bg)"/>${shapes.join('')}` +
    `<rect width="300" height="300" fill="url(#gl)"/>` +
    `<circle cx="150" cy="104" r="58" fill="${hex(darken(base, 0.3))}" fill-opacity=".55" stroke="#fff" stroke-opacity=".7" stroke-width="4"/>` +
    `<circle cx="150" cy="104" r="47" fill="none" stroke="${accent}" stroke-opacity=".6" stroke-width="2" stroke-dasharray="4 6"/>` +
    `<text x="150" y="122" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="50" fill="#fff">${escapeXml(initials(art.name))}</text>` +
    `<rect width="300" height="300" fill="url(#sh)"/>` +
    `<text text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="${size}" fill="#fff" stroke="#0b1020" ` +
    `stroke-opacity=".55" stroke-width="5" stroke-linejoin="round" paint-order="stroke">${title}</text>` +
    `<rect y="252" width="300" height="48" fill="${band}"/><rect y="252" width="300" height="3" fill="${accent}" opacity=".8"/>` +
    `<text x="18" y="285" font-family="${FONT}" font-weight="900" font-size="21" letter-spacing="2" fill="#fff">${escapeXml(code)}</text>` +
    `<text x="282" y="284" text-anchor="end" font-family="${FONT}" font-weight="700" font-size="13" letter-spacing="1.5" fill="#fff" fill-opacity=".78">${escapeXml(typeLabel)}</text>` +
    `</g>`;
  return svgDocument(300, 300, body, `${art.name} (${art.providerCode})`);
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
