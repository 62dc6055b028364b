import { hash32 } from './svg';

/**
 * The picture in the middle of a game tile: a motif chosen from the game's name and type (a fish
 * for a fishing game, cards for baccarat, a gem for "Ruby Riches", a paw for "Tiger Fortune"),
 * so a tile looks like the game it opens. Each motif is drawn in a 100×100 box, flat and bold so
 * it reads at 100 px on a phone, and stays a few hundred bytes. Gold fills use `url(#au)` (GOLD).
 */

export type Theme =
  | 'gems' | 'dragon' | 'paw' | 'flame' | 'feather' | 'fish' | 'rooster' | 'coins' | 'crown' | 'temple'
  | 'lantern' | 'storm' | 'magic' | 'fruit' | 'wheel' | 'seven' | 'cards' | 'dice' | 'balls' | 'football'
  | 'basketball' | 'tennis' | 'trophy' | 'flag' | 'rocket' | 'controller' | 'bomb';

/** First match wins: things before places, places before adjectives ("Golden Tiger" is a tiger). */
const BY_NAME: Array<[RegExp, Theme]> = [
  [/roulette|wheel/, 'wheel'],
  [/sic bo|dice|fish prawn|colou?r game|fan tan/, 'dice'],
  [/baccarat|blackjack|hold'?em|poker|teen patti|andar|three cards|bull bull|shan|rummy|pai gow|sam gong|thirteen|pok deng|dummy|tien len|mahjong|omaha|short deck|hi-lo|dragon tiger/, 'cards'],
  [/keno|lott|bingo|pick \d|fast \d|lucky 5|ball drop|3d|plinko/, 'balls'],
  [/football|soccer|cup|penalty/, 'football'],
  [/basketball/, 'basketball'],
  [/tennis|badminton|volleyball/, 'tennis'],
  [/motor|cycling|speedway|racing|greyhound/, 'flag'],
  [/rocket|jet|crash|limbo/, 'rocket'],
  [/mines|bomb/, 'bomb'],
  [/dragon|cobra/, 'dragon'],
  [/rooster/, 'rooster'],
  [/tiger|lion|panther|wolf|panda|buffalo|elephant|monkey/, 'paw'],
  [/phoenix|blazing|burning/, 'flame'],
  [/peacock|eagle/, 'feather'],
  [/koi|turtle|ocean|sea|shark|whale|crab|lobster|kraken|neptune|pearl|coral|reef|mermaid|tidal|the deep|atlantis|irrawaddy/, 'fish'],
  [/gem|jewel|ruby|emerald|sapphire|crystal|jade|frozen|diamond/, 'gems'],
  [/lantern|nights|lights|festival/, 'lantern'],
  [/thunder|storm|typhoon/, 'storm'],
  [/crown|royal|kingdom|palace|empire|dynasty|grand/, 'crown'],
  [/temple|bagan|shwedagon|mandalay|angkor|pharaoh|babylon|sacred|popa|inle|nile|silk road|orient|tower/, 'temple'],
  [/coin|fortune|riches|treasure|jackpot|vault|bonanza|golden|silver/, 'coins'],
  [/mystic|magic|cosmic|spirit|secret|wonder|hidden|avalon|neon|shining|endless|sky/, 'magic'],
  [/harvest|garden|happy|dancing|fruit/, 'fruit'],
  [/spin|reel/, 'seven'],
  [/boxing|muay|hockey|cricket|baseball|sport|arena|lobby|main event|champion/, 'trophy'],
];

/** Types whose games are all the same kind of thing, whatever they are called ("Sea Dragon Hunter"). */
const TYPE_FIRST: Record<string, Theme> = { fishing: 'fish', cock_fighting: 'rooster', esport: 'controller' };

/** When the name says nothing: a motif typical of the game type, or a classic slot symbol. */
const BY_TYPE: Record<string, Theme> = {
  live_casino: 'cards',
  poker: 'cards',
  sport_book: 'trophy',
  virtual_sport: 'trophy',
  lottery: 'balls',
  p2p: 'cards',
  others: 'dice',
};
const SLOT_THEMES: Theme[] = ['seven', 'fruit', 'coins', 'gems', 'magic', 'crown'];

export function themeOf(name: string, typeCode: string): Theme {
  const first = TYPE_FIRST[typeCode];
  if (first) return first;
  const lower = name.toLowerCase();
  for (const [pattern, theme] of BY_NAME) if (pattern.test(lower)) return theme;
  return BY_TYPE[typeCode] ?? SLOT_THEMES[hash32(name) % SLOT_THEMES.length]!;
}

const pick = <T>(list: readonly T[], seed: number) => list[seed % list.length]!;
const GEM_COLOURS: Record<string, string> = { ruby: '#e0245e', emerald: '#12b76a', jade: '#34d399', sapphire: '#2f6bff', crystal: '#8fe3ff', frozen: '#8fe3ff' };
const BRIGHT = ['#e0245e', '#12b76a', '#2f6bff', '#a855f7', '#f97316', '#06b6d4'];
const STROKE = 'stroke="#0b1020" stroke-opacity=".35"';

function heart(x: number, y: number, s: number, fill: string) {
  return `<path transform="translate(${x} ${y}) scale(${s})" d="M0 8C-9 1-9-6-4-7c2 0 4 2 4 3 0-1 2-3 4-3 5 1 5 8-4 15z" fill="${fill}"/>`;
}
function spade(x: number, y: number, s: number) {
  return `<path transform="translate(${x} ${y}) scale(${s})" d="M0-8C9-1 9 6 4 7 2 7 1 6 0 4l2 5h-4l2-5c-1 2-2 3-4 3-5-1-5-8 4-15z" fill="#111827"/>`;
}
function card(x: number, y: number, rot: number, rank: string, suit: string) {
  return (
    `<g transform="rotate(${rot} 50 90)"><rect x="${x}" y="${y}" width="42" height="60" rx="6" fill="#fff" ${STROKE}/>` +
    `<text x="${x + 6}" y="${y + 17}" font-size="15" font-weight="900" font-family="Georgia,serif" fill="${rank === 'K' ? '#d11a2a' : '#111827'}">${rank}</text>${suit}</g>`
  );
}
function star(cx: number, cy: number, r: number, fill: string) {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const d = i % 2 ? r * 0.45 : r;
    pts.push(`${Math.round(cx + d * Math.cos(a))},${Math.round(cy + d * Math.sin(a))}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="${fill}"/>`;
}
const sparkle = (x: number, y: number, s: number) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M0-8 2-2 8 0 2 2 0 8-2 2-8 0-2-2z" fill="#fff"/>`;
function die(x: number, y: number, rot: number, pips: Array<[number, number]>) {
  return (
    `<g transform="rotate(${rot} ${x + 19} ${y + 19})"><rect x="${x}" y="${y}" width="38" height="38" rx="8" fill="#fff" ${STROKE}/>` +
    pips.map(([px, py]) => `<circle cx="${x + px}" cy="${y + py}" r="4" fill="${px === 19 && py === 19 ? '#d11a2a' : '#111827'}"/>`).join('') +
    '</g>'
  );
}
function ball(cx: number, cy: number, r: number, fill: string, n: number) {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${STROKE}/><circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.55)}" fill="#fff"/>` +
    `<text x="${cx}" y="${cy + Math.round(r * 0.25)}" text-anchor="middle" font-size="${Math.round(r * 0.7)}" font-weight="900" font-family="system-ui,sans-serif" fill="#111827">${n}</text>`
  );
}

/** The motif for `theme`; `seed` (a hash of the name) varies colours and numbers between games. */
// Long because it is the table of all 27 drawings, one short SVG case per theme; the switch keeps them exhaustive and side by side.
export function motifSvg(theme: Theme, name: string, seed: number): string {
  const lower = name.toLowerCase();
  switch (theme) {
    case 'gems': {
      const key = Object.keys(GEM_COLOURS).find((k) => lower.includes(k));
      const c = key ? GEM_COLOURS[key]! : pick(BRIGHT, seed);
      return (
        `<path d="M28 18h44l22 24-44 50L6 42z" fill="${c}" ${STROKE} stroke-width="2"/>` +
        `<path d="M28 18 18 42h64L72 18M6 42h88M18 42l32 50 32-50M50 18 36 42M50 18l14 24" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="2"/>` +
        `<path d="M28 18h22L36 42H6z" fill="#fff" opacity=".35"/>${sparkle(82, 16, 1.2)}${sparkle(14, 80, 0.8)}`
      );
    }
    case 'dragon': {
      // A horned head in profile with a spiked mane: a dragon at a glance, not a snake.
      const c = lower.includes('cobra') ? '#16a34a' : pick(['#dc2626', '#16a34a', '#d97706'], seed);
      return (
        '<path d="M30 40 18 30l14 0-6-12 14 8 2-14 10 14 6-10 2 14" fill="url(#au)" stroke="#a86a0c" stroke-width="2" stroke-linejoin="round"/>' +
        `<path d="M16 98c0-30 8-52 26-62l-4-22 16 16c14-4 28 0 38 10l8 8-8 8H74l14 10c-10 8-22 8-30 6-4 8-6 16-4 26z" fill="${c}" ${STROKE} stroke-width="2" stroke-linejoin="round"/>` +
        '<path d="M34 60q6 14 4 36M44 58q8 10 8 18" fill="none" stroke="#fde68a" stroke-width="3" stroke-linecap="round"/>' +
        '<circle cx="64" cy="38" r="5" fill="#fde047"/><circle cx="65" cy="38" r="2" fill="#111827"/>' +
        '<path d="M94 46q6 10 2 22M90 50q-2 12-8 18" fill="none" stroke="#fde68a" stroke-width="2"/>'
      );
    }
    case 'paw': {
      const c = pick(['#f59e0b', '#fde68a', '#fff'], seed);
      return (
        `<g fill="${c}" ${STROKE} stroke-width="2"><path d="M50 50c14 0 30 18 28 30-2 10-14 8-28 8s-26 2-28-8c-2-12 14-30 28-30z"/>` +
        '<ellipse cx="20" cy="42" rx="9" ry="12" transform="rotate(-20 20 42)"/><ellipse cx="38" cy="22" rx="9" ry="13"/>' +
        '<ellipse cx="62" cy="22" rx="9" ry="13"/><ellipse cx="80" cy="42" rx="9" ry="12" transform="rotate(20 80 42)"/></g>'
      );
    }
    case 'flame':
      return (
        '<path d="M50 2c12 24 38 34 34 62A34 34 0 0 1 16 64c-2-18 12-26 14-44 8 12 10 18 14 22C52 30 52 16 50 2z" fill="#f97316" stroke="#7c2d12" stroke-opacity=".4" stroke-width="2"/>' +
        '<path d="M50 40c8 12 20 18 18 32a18 18 0 0 1-36 0c0-10 8-14 10-24 4 6 6 8 8 10 2-6 2-12 0-18z" fill="#fde047"/>'
      );
    case 'feather':
      return (
        '<path d="M50 96V30" stroke="#fde68a" stroke-width="3"/><path d="M50 4C76 20 82 56 50 84 18 56 24 20 50 4z" fill="#0f766e" stroke="#0b1020" stroke-opacity=".3" stroke-width="2"/>' +
        '<ellipse cx="50" cy="38" rx="16" ry="20" fill="#22c55e"/><ellipse cx="50" cy="38" rx="10" ry="13" fill="#facc15"/><ellipse cx="50" cy="39" rx="6" ry="8" fill="#1d4ed8"/>'
      );
    case 'fish': {
      const c = pick(['#f97316', '#facc15', '#38bdf8', '#f43f5e', '#a3e635'], seed);
      return (
        `<path d="M10 50C30 18 62 20 78 50 62 80 30 82 10 50z" fill="${c}" ${STROKE} stroke-width="2"/><path d="M76 50l20-18v36z" fill="${c}" ${STROKE} stroke-width="2"/>` +
        '<path d="M40 26q10 10 8 24M52 28q8 10 6 22" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>' +
        '<circle cx="26" cy="46" r="6" fill="#fff"/><circle cx="27" cy="46" r="3" fill="#111827"/>' +
        '<g fill="none" stroke="#fff" stroke-opacity=".8" stroke-width="2"><circle cx="10" cy="20" r="5"/><circle cx="22" cy="8" r="3"/><circle cx="86" cy="84" r="4"/></g>'
      );
    }
    case 'rooster':
      return (
        '<path d="M70 30c10 10 8 40-10 52-18 12-44 6-50-14C6 50 26 40 40 48c4-10 12-20 30-18z" fill="#f8fafc" stroke="#0b1020" stroke-opacity=".3" stroke-width="2"/>' +
        '<path d="M62 30c-2-10 4-16 8-12 0-8 8-10 10-2 4-4 10 0 6 6z" fill="#dc2626"/><path d="M80 36l12 4-12 4z" fill="#f59e0b"/>' +
        '<path d="M74 46q2 10-4 12" fill="#dc2626"/><circle cx="72" cy="36" r="3" fill="#111827"/>' +
        '<path d="M12 56C0 40 6 22 20 18c-4 12 0 22 8 28M18 62C2 58 0 44 6 36" fill="none" stroke="#16a34a" stroke-width="5" stroke-linecap="round"/>' +
        '<path d="M40 84v12M54 84v12" stroke="#f59e0b" stroke-width="4"/>'
      );
    case 'coins':
      return (
        '<g stroke="#a86a0c" stroke-width="2"><ellipse cx="50" cy="84" rx="34" ry="10" fill="url(#au)"/><ellipse cx="50" cy="76" rx="34" ry="10" fill="url(#au)"/>' +
        '<ellipse cx="50" cy="68" rx="34" ry="10" fill="url(#au)"/></g>' +
        '<circle cx="50" cy="36" r="28" fill="url(#au)" stroke="#a86a0c" stroke-width="3"/><circle cx="50" cy="36" r="20" fill="none" stroke="#a86a0c" stroke-width="2"/>' +
        `<text x="50" y="45" text-anchor="middle" font-size="26" font-weight="900" font-family="Georgia,serif" fill="#a86a0c">K</text>${sparkle(84, 20, 1)}`
      );
    case 'crown':
      return (
        '<path d="M14 74 6 26l24 20 20-32 20 32 24-20-8 48z" fill="url(#au)" stroke="#a86a0c" stroke-width="3" stroke-linejoin="round"/>' +
        '<rect x="12" y="74" width="76" height="14" rx="4" fill="url(#au)" stroke="#a86a0c" stroke-width="3"/>' +
        '<circle cx="50" cy="58" r="7" fill="#e0245e"/><circle cx="28" cy="62" r="5" fill="#2f6bff"/><circle cx="72" cy="62" r="5" fill="#12b76a"/>' +
        '<g fill="#fff"><circle cx="6" cy="26" r="4"/><circle cx="50" cy="14" r="4"/><circle cx="94" cy="26" r="4"/></g>'
      );
    case 'temple':
      return (
        '<path d="M50 2l3 16c8 4 10 10 10 16 10 6 16 16 18 30H19c2-14 8-24 18-30 0-6 2-12 10-16z" fill="url(#au)" stroke="#a86a0c" stroke-width="2"/>' +
        '<path d="M37 34h26M24 52h52" stroke="#a86a0c" stroke-width="2"/>' +
        '<rect x="12" y="64" width="76" height="10" rx="2" fill="url(#au)" stroke="#a86a0c" stroke-width="2"/><rect x="4" y="74" width="92" height="14" rx="3" fill="#fff" fill-opacity=".9"/>'
      );
    case 'lantern':
      return (
        '<path d="M50 0v10M50 88v10" stroke="#fde68a" stroke-width="3"/><rect x="36" y="8" width="28" height="8" rx="2" fill="url(#au)"/>' +
        '<ellipse cx="50" cy="50" rx="34" ry="36" fill="#dc2626" stroke="#7f1d1d" stroke-width="2"/>' +
        '<path d="M50 14v72M32 18q-14 32 0 64M68 18q14 32 0 64" fill="none" stroke="#fbbf24" stroke-width="2.5"/>' +
        '<rect x="36" y="82" width="28" height="8" rx="2" fill="url(#au)"/><ellipse cx="38" cy="36" rx="8" ry="12" fill="#fff" opacity=".25"/>'
      );
    case 'storm':
      return (
        '<path d="M22 46a16 16 0 0 1 8-30 22 22 0 0 1 40 2 14 14 0 0 1 6 28z" fill="#cbd5e1" stroke="#0b1020" stroke-opacity=".3" stroke-width="2"/>' +
        '<path d="M54 40 30 72h16l-8 26 30-38H52l10-20z" fill="#facc15" stroke="#a16207" stroke-width="2" stroke-linejoin="round"/>'
      );
    case 'magic':
      return (
        '<path d="M62 8a40 40 0 1 0 30 58A32 32 0 1 1 62 8z" fill="#fde68a" stroke="#a86a0c" stroke-width="2"/>' +
        star(66, 40, 14, '#fff') + star(84, 14, 7, '#fde047') + sparkle(16, 88, 1) + sparkle(90, 84, 0.7)
      );
    case 'fruit':
      return seed % 2
        ? '<path d="M36 58Q40 28 62 14M66 60Q64 34 62 14" fill="none" stroke="#15803d" stroke-width="4"/><path d="M62 14q18-8 28 6-16 8-28-6z" fill="#22c55e"/>' +
            '<circle cx="32" cy="70" r="18" fill="#dc2626" stroke="#7f1d1d" stroke-width="2"/><circle cx="68" cy="70" r="18" fill="#dc2626" stroke="#7f1d1d" stroke-width="2"/>' +
            '<circle cx="26" cy="64" r="5" fill="#fff" opacity=".6"/><circle cx="62" cy="64" r="5" fill="#fff" opacity=".6"/>'
        : '<path d="M6 40a44 44 0 0 0 88 0z" fill="#16a34a"/><path d="M12 40a38 38 0 0 0 76 0z" fill="#f0fdf4"/><path d="M16 40a34 34 0 0 0 68 0z" fill="#ef4444"/>' +
            '<g fill="#111827"><ellipse cx="34" cy="52" rx="2.5" ry="4"/><ellipse cx="50" cy="60" rx="2.5" ry="4"/><ellipse cx="66" cy="52" rx="2.5" ry="4"/><ellipse cx="42" cy="66" rx="2.5" ry="4"/><ellipse cx="58" cy="66" rx="2.5" ry="4"/></g>';
    case 'wheel':
      return (
        '<circle cx="50" cy="50" r="46" fill="url(#au)" stroke="#a86a0c" stroke-width="2"/><circle cx="50" cy="50" r="38" fill="#111827"/>' +
        '<circle cx="50" cy="50" r="30" fill="none" stroke="#dc2626" stroke-width="16" stroke-dasharray="15.7 15.7"/>' +
        '<circle cx="50" cy="50" r="20" fill="#15803d"/><circle cx="50" cy="50" r="8" fill="url(#au)"/><path d="M50 32v36M32 50h36" stroke="url(#au)" stroke-width="3"/>' +
        '<circle cx="76" cy="24" r="5" fill="#fff"/>'
      );
    case 'seven':
      return (
        '<text x="50" y="86" text-anchor="middle" font-size="92" font-weight="900" font-family="Georgia,serif" fill="#dc2626" stroke="url(#au)" stroke-width="5" paint-order="stroke">7</text>' +
        sparkle(84, 20, 1.1) + sparkle(14, 30, 0.8)
      );
    case 'cards':
      return card(14, 22, -14, 'A', spade(35, 58, 1.6)) + card(44, 18, 12, 'K', heart(65, 50, 1.6, '#d11a2a'));
    case 'dice':
      return (
        die(8, 40, -14, [[10, 10], [28, 10], [19, 19], [10, 28], [28, 28]]) +
        die(52, 20, 12, [[10, 10], [19, 19], [28, 28]]) +
        (lower.includes('crab') ? '<circle cx="74" cy="82" r="10" fill="#ef4444"/>' : '')
      );
    case 'balls':
      return ball(28, 62, 22, pick(BRIGHT, seed), 1 + (seed % 9)) + ball(72, 62, 22, pick(BRIGHT, seed + 1), 1 + ((seed >> 4) % 9)) + ball(50, 28, 22, pick(BRIGHT, seed + 2), 1 + ((seed >> 8) % 9));
    case 'football':
      return (
        '<circle cx="50" cy="50" r="42" fill="#fff" stroke="#0b1020" stroke-opacity=".4" stroke-width="2"/><path d="M50 34l15 11-6 18H41l-6-18z" fill="#111827"/>' +
        '<path d="M50 34V10M65 45l22-6M59 63l12 18M41 63 29 81M35 45l-22-6" stroke="#111827" stroke-width="3"/>'
      );
    case 'basketball':
      return (
        '<circle cx="50" cy="50" r="42" fill="#f97316" stroke="#7c2d12" stroke-width="2"/>' +
        '<path d="M8 50h84M50 8v84M20 20q20 30 0 60M80 20q-20 30 0 60" fill="none" stroke="#3b1d0a" stroke-width="3"/>'
      );
    case 'tennis':
      return (
        '<circle cx="50" cy="50" r="40" fill="#d9f99d" stroke="#3f6212" stroke-opacity=".5" stroke-width="2"/>' +
        '<path d="M16 26q24 24 0 48M84 26q-24 24 0 48" fill="none" stroke="#fff" stroke-width="5"/>'
      );
    case 'flag':
      return (
        '<path d="M14 10v86" stroke="#e5e7eb" stroke-width="5" stroke-linecap="round"/><path d="M16 12h70v44H16z" fill="#fff" stroke="#0b1020" stroke-opacity=".3"/>' +
        '<path d="M16 12h14v11H16zm28 0h14v11H44zm28 0h14v11H72zM30 23h14v11H30zm28 0h14v11H58zM16 34h14v11H16zm28 0h14v11H44zm28 0h14v11H72zM30 45h14v11H30zm28 0h14v11H58z" fill="#111827"/>'
      );
    case 'trophy':
      return (
        '<path d="M28 10h44v22a22 22 0 0 1-44 0z" fill="url(#au)" stroke="#a86a0c" stroke-width="2"/><path d="M28 16H14q0 20 16 22M72 16h14q0 20-16 22" fill="none" stroke="url(#au)" stroke-width="5"/>' +
        '<path d="M44 52h12v16H44z" fill="url(#au)"/><rect x="30" y="68" width="40" height="10" rx="2" fill="url(#au)" stroke="#a86a0c" stroke-width="2"/>' +
        '<rect x="24" y="78" width="52" height="12" rx="3" fill="#7c2d12"/>' +
        star(50, 28, 9, '#fff')
      );
    case 'rocket':
      return (
        '<path d="M50 4c16 12 20 34 14 58H36C30 38 34 16 50 4z" fill="#f1f5f9" stroke="#0b1020" stroke-opacity=".3" stroke-width="2"/>' +
        '<circle cx="50" cy="32" r="8" fill="#38bdf8" stroke="#0b1020" stroke-opacity=".4" stroke-width="2"/>' +
        '<path d="M36 46 22 64l16-2zM64 46l14 18-16-2z" fill="#dc2626"/><path d="M40 64q10 36 20 0z" fill="#f97316"/><path d="M45 64q5 18 10 0z" fill="#fde047"/>'
      );
    case 'controller':
      return (
        '<path d="M24 30h52c14 0 20 20 18 40-1 12-12 14-20 4L64 62H36L26 74c-8 10-19 8-20-4-2-20 4-40 18-40z" fill="#1f2937" stroke="#e5e7eb" stroke-opacity=".6" stroke-width="2"/>' +
        '<path d="M24 42v16M16 50h16" stroke="#e5e7eb" stroke-width="5"/>' +
        '<circle cx="72" cy="44" r="4" fill="#22c55e"/><circle cx="80" cy="52" r="4" fill="#ef4444"/><circle cx="64" cy="52" r="4" fill="#3b82f6"/><circle cx="72" cy="60" r="4" fill="#facc15"/>'
      );
    case 'bomb':
      return (
        '<circle cx="44" cy="58" r="34" fill="#1f2937" stroke="#e5e7eb" stroke-opacity=".5" stroke-width="2"/><rect x="56" y="18" width="16" height="14" rx="2" transform="rotate(40 64 25)" fill="#4b5563"/>' +
        '<path d="M68 20q6-12 16-10" fill="none" stroke="#d6b370" stroke-width="3"/><ellipse cx="32" cy="46" rx="8" ry="12" fill="#fff" opacity=".2"/>' +
        star(86, 10, 9, '#facc15')
      );
  }
}
