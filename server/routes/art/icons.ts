import { escapeXml } from './svg';

/**
 * Game-type icons (96×96, drawn on a 48-unit grid): gold glyphs on a transparent background for
 * the type strip on the dark theme. A code without its own glyph gets a star.
 */

const GLYPHS: Record<string, string> = {
  // A slot machine: cabinet, three reels, lever.
  slot:
    '<rect x="7" y="10" width="30" height="30" rx="5" fill="url(#g)"/><rect x="10.5" y="17" width="7" height="14" rx="1.5" fill="#1b2140"/>' +
    '<rect x="18.5" y="17" width="7" height="14" rx="1.5" fill="#1b2140"/><rect x="26.5" y="17" width="7" height="14" rx="1.5" fill="#1b2140"/>' +
    '<path d="M40 14v14h-3" fill="none" stroke="url(#g)" stroke-width="2.5" stroke-linecap="round"/><circle cx="40" cy="12" r="3" fill="url(#g)"/>',
  // A casino chip.
  live_casino:
    '<circle cx="24" cy="24" r="17" fill="url(#g)"/><circle cx="24" cy="24" r="10" fill="none" stroke="#1b2140" stroke-width="2.5"/>' +
    '<path d="M24 7v6M24 35v6M7 24h6M35 24h6M12 12l4 4M32 32l4 4M36 12l-4 4M16 32l-4 4" stroke="#1b2140" stroke-width="3"/>',
  // A football.
  sport_book:
    '<circle cx="24" cy="24" r="17" fill="url(#g)"/><path d="M24 16l7 5-2.7 8.3h-8.6L17 21z" fill="#1b2140"/>' +
    '<path d="M24 16V8M31 21l7-3M28.3 29.3l4 6.5M19.7 29.3l-4 6.5M17 21l-7-3" stroke="#1b2140" stroke-width="2"/>',
  // A screen with a play mark.
  virtual_sport:
    '<rect x="6" y="9" width="36" height="25" rx="4" fill="url(#g)"/><path d="M21 15.5v12l10-6z" fill="#1b2140"/>' +
    '<path d="M18 40h12M24 34v6" stroke="url(#g)" stroke-width="3" stroke-linecap="round"/>',
  // Three lottery balls.
  lottery:
    '<circle cx="15" cy="30" r="9" fill="url(#g)"/><circle cx="33" cy="30" r="9" fill="url(#g)"/><circle cx="24" cy="15" r="9" fill="url(#g)"/>' +
    '<circle cx="15" cy="30" r="4" fill="#1b2140"/><circle cx="33" cy="30" r="4" fill="#1b2140"/><circle cx="24" cy="15" r="4" fill="#1b2140"/>',
  // Two people facing each other over cards.
  p2p:
    '<circle cx="13" cy="13" r="5.5" fill="url(#g)"/><circle cx="35" cy="13" r="5.5" fill="url(#g)"/>' +
    '<path d="M4 32c0-7 4-11 9-11s9 4 9 11zM26 32c0-7 4-11 9-11s9 4 9 11z" fill="url(#g)"/>' +
    '<rect x="17" y="30" width="14" height="12" rx="2" fill="url(#g)" stroke="#1b2140" stroke-width="1.5"/>',
  // A fish.
  fishing:
    '<path d="M6 24c6-9 16-12 25-7l9-6-3 13 3 13-9-6c-9 5-19 2-25-7z" fill="url(#g)"/><circle cx="14" cy="22" r="2.2" fill="#1b2140"/>' +
    '<path d="M22 17c2 4 2 10 0 14" fill="none" stroke="#1b2140" stroke-width="2"/>',
  // A rooster: comb, head, body and tail.
  cock_fighting:
    '<path d="M14 8c2-3 5-3 6 0 2-2 5-1 5 2l-3 2z" fill="#e5484d"/><circle cx="18" cy="15" r="6" fill="url(#g)"/>' +
    '<path d="M11 15l-5 2 5 2zM14 19c-2 9 2 18 12 19 9 1 16-6 14-16-3 5-8 7-12 5z" fill="url(#g)"/>' +
    '<path d="M30 21c3-6 8-9 12-8-1 4-3 7-7 9M22 38v5M28 38v5" fill="none" stroke="url(#g)" stroke-width="2.5" stroke-linecap="round"/>',
  // A gift box.
  bonus:
    '<rect x="8" y="19" width="32" height="22" rx="3" fill="url(#g)"/><rect x="6" y="13" width="36" height="8" rx="2" fill="url(#g)"/>' +
    '<path d="M24 13v28" stroke="#1b2140" stroke-width="4"/><path d="M24 13c-4-8-12-7-10-2 1 2 6 2 10 2 4 0 9 0 10-2 2-5-6-6-10 2z" fill="none" stroke="url(#g)" stroke-width="2.5"/>',
  // A game pad.
  esport:
    '<path d="M12 14h24c5 0 8 6 9 14 1 7-4 10-8 6l-5-5H16l-5 5c-4 4-9 1-8-6 1-8 4-14 9-14z" fill="url(#g)"/>' +
    '<path d="M14 20v8M10 24h8" stroke="#1b2140" stroke-width="3" stroke-linecap="round"/><circle cx="33" cy="21" r="2.4" fill="#1b2140"/><circle cx="37" cy="26" r="2.4" fill="#1b2140"/>',
  // A spade.
  poker:
    '<path d="M24 5c-6 9-17 14-17 23 0 6 7 9 13 5-1 4-3 7-6 9h20c-3-2-5-5-6-9 6 4 13 1 13-5 0-9-11-14-17-23z" fill="url(#g)"/>',
  // A grid of tiles.
  others:
    '<rect x="7" y="7" width="15" height="15" rx="4" fill="url(#g)"/><rect x="26" y="7" width="15" height="15" rx="4" fill="url(#g)"/>' +
    '<rect x="7" y="26" width="15" height="15" rx="4" fill="url(#g)"/><rect x="26" y="26" width="15" height="15" rx="4" fill="url(#g)" opacity=".6"/>',
};

const STAR = '<path d="M24 5l5.6 12.4 13.4 1.4-10 9.1 2.8 13.3L24 34.4l-11.8 6.8 2.8-13.3-10-9.1 13.4-1.4z" fill="url(#g)"/>';

export function typeIconSvg(code: string): string {
  const glyph = GLYPHS[code] ?? STAR;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 48 48" role="img" aria-label="${escapeXml(code)}">` +
    '<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe08a"/><stop offset="1" stop-color="#e9a622"/></linearGradient></defs>' +
    `${glyph}</svg>`
  );
}

export const hasTypeGlyph = (code: string) => code in GLYPHS;
