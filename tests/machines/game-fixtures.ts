/** Payloads shared by the lobby path models (shapes from ../shared/api-contract.md, Games and Content). */
import type { Game, GameLogPeriod, GameLogRow, GameType, PopupAd } from '../../src/api/types';

const NAMES = ['Fortune Gems', 'Dragon Tiger', 'Super Ace', 'Golden Empire', 'Money Coming'];

/** Game `id` of JILI slots; every fifth is a "Dragon Tiger" (what the path search looks for). */
export function game(id: number): Game {
  return {
    id,
    gameCode: `JL${String(id).padStart(3, '0')}`,
    gameName: `${NAMES[id % NAMES.length]} ${id}`,
    gameType: 'SLOT',
    productCode: 1091,
    provider: 'JILI',
    img: `http://localhost/assets/games/jl${id}.webp`,
    isHot: id % 7 === 0,
  };
}

/** `count` games with ids after the highest one in `shown`. */
export function nextGames(shown: Game[], count: number): Game[] {
  const top = shown.reduce((max, g) => Math.max(max, g.id), 0);
  return Array.from({ length: count }, (_, i) => game(top + 1 + i));
}

/** A full page whose first 5 games are already shown (a game was added upstream since page 1). */
export function overlappingPage(shown: Game[]): Game[] {
  return [...shown.slice(-5), ...nextGames(shown, 15)];
}

export const fortuneGems = { id: 1, gameCode: 'JL001', productCode: 1091, gameType: 'SLOT' };
export const dragonTiger = { id: 2, gameCode: 'JL002', productCode: 1091, gameType: 'SLOT' };

export const launchUrl = 'https://demo.kyatplay.test/play/JL001?token=t0k';
export const launchHtml = '<!doctype html><html><body><iframe src="https://demo.kyatplay.test/play/JL001"></iframe></body></html>';

export const adWithImage: PopupAd = { id: 1, img: 'http://localhost/assets/ads/welcome.webp', text: 'Welcome bonus 100%', link: '/top-up/bank' };

export function gameLogRows(period: GameLogPeriod): GameLogRow[] {
  const row = (gameName: string, spinCount: number, turnover: string, totalPayout: string, winLoss: string): GameLogRow => ({
    gameName,
    spinCount,
    turnover,
    totalPayout,
    winLoss,
    from: period,
    to: period,
  });
  return [row('Fortune Gems', 12, '6000.00', '7200.00', '1200.00'), row('Super Ace', 3, '1500.00', '0.00', '-1500.00')];
}

export const gameTypes: GameType[] = [
  { id: 1, name: 'Slot', code: 'SLOT', img: 'http://localhost/assets/types/slot.svg', providers: [] },
  { id: 8, name: 'Fishing', code: 'FISHING', img: 'http://localhost/assets/types/fishing.svg', providers: [] },
];
