/**
 * Deterministic, plausible game names for the demo catalogue: the same seed always gives the
 * same list, and no name is (knowingly) a real provider's title.
 */

/** mulberry32: a tiny seeded PRNG, good enough to shuffle word lists. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

function shuffled<T>(rand: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const ADJECTIVES = [
  'Golden', 'Lucky', 'Mega', 'Royal', 'Jade', 'Crystal', 'Mystic', 'Wild', 'Blazing', 'Thunder',
  'Sacred', 'Hidden', 'Ancient', 'Silver', 'Ruby', 'Emerald', 'Sapphire', 'Neon', 'Cosmic', 'Frozen',
  'Burning', 'Spinning', 'Dancing', 'Happy', 'Magic', 'Grand', 'Secret', 'Endless', 'Shining', 'Roaring',
] as const;
const ANIMALS = [
  'Tiger', 'Dragon', 'Phoenix', 'Elephant', 'Peacock', 'Panda', 'Koi', 'Lion', 'Buffalo', 'Wolf',
  'Eagle', 'Monkey', 'Rooster', 'Turtle', 'Cobra', 'Panther',
] as const;
const NOUNS = [
  'Fortune', 'Riches', 'Empire', 'Treasure', 'Spins', 'Gems', 'Palace', 'Kingdom', 'Festival', 'Legends',
  'Jackpot', 'Quest', 'Bonanza', 'Dynasty', 'Temple', 'Lanterns', 'Coins', 'Nights', 'Reels', 'Vault',
  'Harvest', 'Crown', 'Garden', 'Storm',
] as const;
const PLURALS = ['Treasures', 'Secrets', 'Legends', 'Riches', 'Jewels', 'Wonders', 'Spirits', 'Lights'] as const;
const PLACES = [
  'Bagan', 'Mandalay', 'Inle', 'the Irrawaddy', 'Shwedagon', 'Mount Popa', 'the Jungle', 'Atlantis',
  'the Nile', 'the Orient', 'the Deep', 'Avalon', 'Babylon', 'the Pharaohs', 'the Silk Road', 'Angkor',
] as const;

const FISH_FIRST = [
  'Ocean', 'Deep Sea', 'Coral', 'Mermaid', 'Shark', 'Whale', 'Crab', 'Lobster', 'Golden Koi', 'Kraken',
  'Neptune', 'Pearl', 'Tidal', 'Reef', 'Typhoon', 'Sea Dragon',
] as const;
const FISH_SECOND = ['Hunter', 'Catch', 'Blast', 'Fishing', 'Frenzy', 'Bounty', 'Party', 'Showdown', 'Raiders', 'Cannon'] as const;

const TABLES = [
  'Baccarat', 'Speed Baccarat', 'Squeeze Baccarat', 'No Commission Baccarat', 'Dragon Tiger', 'Roulette',
  'Speed Roulette', 'Sic Bo', 'Blackjack', 'Fan Tan', 'Teen Patti', 'Andar Bahar', 'Bull Bull', 'Three Cards',
  "Casino Hold'em", 'Lucky Wheel',
] as const;

/** Fixed lists for the types whose "games" are sports, draws or card tables. */
export const FIXED_NAMES: Record<string, readonly string[]> = {
  sport_book: [
    'Football', 'Basketball', 'Tennis', 'Volleyball', 'Badminton', 'Table Tennis', 'Cricket', 'Ice Hockey',
    'Baseball', 'Muay Thai', 'Boxing & MMA', 'Horse Racing', 'Motor Sports', 'Sportsbook Lobby',
  ],
  virtual_sport: [
    'Virtual Football', 'Virtual Basketball', 'Virtual Tennis', 'Virtual Horse Racing', 'Virtual Greyhounds',
    'Virtual Cycling', 'Virtual Speedway', 'Virtual Euro Cup', 'Virtual World Cup', 'Virtual Nations Cup',
    'Virtual Motor Racing', 'Virtual Baseball',
  ],
  lottery: [
    'Keno', 'Lucky 5', 'Pick 3', 'Fast 3', 'Lotto 6/45', 'Bingo 75', 'Thai Lottery', 'Lao Lottery',
    'Vietnam Lottery', 'Ball Drop', 'Speed Keno', 'Myanmar 3D',
  ],
  cards: [
    'Shan Koe Mee', "Texas Hold'em", 'Omaha', 'Teen Patti', 'Blackjack', 'Rummy', 'Pai Gow', 'Bull Bull',
    'Sam Gong', 'Thirteen Cards', 'Pok Deng', 'Dummy', 'Tien Len', 'Mahjong', 'Short Deck', 'Baccarat Duel',
  ],
  cock_fighting: [
    'Cockfight Arena A', 'Cockfight Arena B', 'Cockfight Arena C', 'Derby Cup', 'Main Event', 'Express Fights',
    'Night Derby', "Champions' Pit", 'Classic Pit', 'Arena Lobby',
  ],
  esport: [
    'League of Legends', 'Dota 2', 'Counter-Strike 2', 'Valorant', 'Mobile Legends', 'King of Glory',
    'PUBG Mobile', 'Free Fire', 'StarCraft II', 'Rainbow Six', 'Rocket League', 'Esports Lobby',
  ],
  others: [
    'Sky Rocket', 'Jet Crash', 'Mines', 'Plinko', 'Hi-Lo', 'Dice', 'Keno 80', 'Mini Roulette', 'Coin Flip',
    'Fish Prawn Crab', 'Colour Game', 'Limbo', 'Tower', 'Penalty Shootout',
  ],
};

/** Real titles the generator must not produce by chance (lower case). */
const TAKEN = new Set([
  'fortune gems', 'golden empire', 'super ace', 'money coming', 'fortune tiger', 'fortune ox', 'fortune rabbit',
  'fortune mouse', 'lucky neko', 'mahjong ways', 'wild bandito', 'sweet bonanza', 'gates of olympus',
  'starlight princess', 'wild west gold', 'great rhino', 'boxing king', 'charge buffalo', 'golden bank',
  'jungle king', 'dragon treasure', 'dragon hatch', 'caishen wins', 'treasures of aztec', 'ganesha gold',
  'jackpot fishing', 'mega fishing', 'dragon fortune', 'royal fishing', 'bombing fishing', 'happy fishing',
  'ocean king', 'fishing god', 'fishing war', 'golden dragon', 'lucky lady', 'wolf gold', 'buffalo king',
  'aztec gems', 'joker jewels', 'wild buffalo', 'golden queen', 'fortune king', 'golden joker', 'lucky god',
  'candy bonanza', 'thunder fortune', 'lucky tiger', 'golden tiger', 'panda fortune', 'golden lotus',
  'magic lamp', 'fortune tree', 'lucky coming', 'golden temple', 'dragon legend', 'phoenix rises',
  'mystic fortune', 'royal fortune', 'golden fortune', 'lucky fortune', 'mega fortune', 'dragon gems',
  'golden crown', 'treasures of the deep', 'secrets of atlantis', 'legends of the nile', 'jewels of the orient',
]);

export type NameStyle = 'slot' | 'bonus' | 'fishing' | 'live' | keyof typeof FIXED_NAMES;

/**
 * `count` names for one product. `used` is shared across products so the generated slot and
 * fishing names are unique across the whole catalogue (search results stay unambiguous).
 */
export function gameNames(style: NameStyle, count: number, seed: number, used: Set<string>): string[] {
  if (style in FIXED_NAMES) return fixedNames(FIXED_NAMES[style]!, count);
  // Mix the seed well: neighbouring product codes must not start their shuffles alike.
  const rand = seededRandom(Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) ^ style.length);
  rand();
  if (style === 'live') return liveNames(rand, count);
  return generatedNames(style, rand, count, used);
}

/** The list in order, then again with " 2", " 3" … until there are `count`. */
function fixedNames(list: readonly string[], count: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) {
    const round = Math.floor(i / list.length);
    out.push(round === 0 ? list[i % list.length]! : `${list[i % list.length]} ${round + 1}`);
  }
  return out;
}

/** The tables shuffled, as "Baccarat A" …, then "… B" and so on. */
function liveNames(rand: () => number, count: number): string[] {
  const out: string[] = [];
  const order = shuffled(rand, TABLES);
  for (let i = 0; out.length < count; i++) {
    const table = String.fromCharCode(65 + Math.floor(i / order.length)); // A, B, C …
    out.push(`${order[i % order.length]} ${table}`);
  }
  return out;
}

/** Random slot (or bonus-buy, or fishing) names, none a real game's, none taken before. */
function generatedNames(style: NameStyle, rand: () => number, count: number, used: Set<string>): string[] {
  const out: string[] = [];
  for (let attempts = 0; out.length < count; attempts++) {
    if (attempts > count * 200) throw new Error(`ran out of ${style} names after ${out.length}`);
    const name = randomName(style, rand);
    const key = name.toLowerCase();
    if (TAKEN.has(key) || used.has(key) || out.some((n) => n.toLowerCase() === key)) continue;
    out.push(name);
    used.add(key);
  }
  return out;
}

function randomName(style: NameStyle, rand: () => number): string {
  if (style === 'fishing') return `${pick(rand, FISH_FIRST)} ${pick(rand, FISH_SECOND)}`;
  const form = rand();
  let name: string;
  if (form < 0.45) name = `${pick(rand, ADJECTIVES)} ${pick(rand, NOUNS)}`;
  else if (form < 0.7) name = `${pick(rand, ANIMALS)} ${pick(rand, NOUNS)}`;
  else if (form < 0.85) name = `${pick(rand, PLURALS)} of ${pick(rand, PLACES)}`;
  else name = `${pick(rand, ADJECTIVES)} ${pick(rand, ANIMALS)}`;
  return style === 'bonus' ? `${name} Bonus Buy` : name;
}
