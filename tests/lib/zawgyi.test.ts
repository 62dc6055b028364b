import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/api/types';
import { parseEntry } from '../../src/lib/two-d/entry';
import { contains, head } from '../../src/lib/two-d/shortcuts';
import { hasBurmeseLetters, loadZawgyi, toUnicode, toUnicodeIfLoaded } from '../../src/lib/zawgyi';
import { filterGames } from '../../src/machines/game-list/game-list.machine';

/**
 * Issue 13: what a player types on an older (Zawgyi) phone is read as Unicode on the client: the
 * game search and typed 2D entries. Each Zawgyi text here is the Unicode one as Zawgyi phones
 * encode it (ဂိမ္း = ဂိမ်း "game", ပတ္ = ပတ် "contains", ထိပ္ = ထိပ် "head").
 */
const game = (id: number, gameName: string) => ({ id, gameName }) as Game;
const games = [game(1, 'Lucky Fishing'), game(2, 'ငါးဖမ်းဂိမ်း'), game(3, 'ရွှေဂိမ်း'), game(4, 'Dragon Tiger')];

describe('zawgyi: the game search', () => {
  // First in the file: the module has not loaded the converter yet.
  it('a Zawgyi query matches the Unicode names once the converter has loaded', async () => {
    expect(toUnicodeIfLoaded('ဂိမ္း'), 'nothing converts before the lazy load').toBe('ဂိမ္း');
    expect(filterGames(games, 'ဂိမ္း')).toEqual([]);
    await loadZawgyi();
    expect(filterGames(games, 'ဂိမ္း').map((g) => g.id)).toEqual([2, 3]);
    expect(filterGames(games, ' ငါးဖမ္း ').map((g) => g.id)).toEqual([2]);
  });

  it('a Unicode or Latin query matches as before', async () => {
    await loadZawgyi();
    expect(filterGames(games, 'ဂိမ်း').map((g) => g.id)).toEqual([2, 3]);
    expect(filterGames(games, 'DRAGON').map((g) => g.id)).toEqual([4]);
    expect(filterGames(games, '')).toBe(games);
  });
});

describe('zawgyi: typed 2D entries', () => {
  const nums = (text: string) => parseEntry(text).lines.map((l) => l.num);

  it('a Zawgyi shortcut word reads as its Unicode word', async () => {
    expect(parseEntry('၅ပတ္=၁၀၀').errors, 'unconverted, the word is unreadable').toHaveLength(1);
    expect(nums(await toUnicode('၅ပတ္=၁၀၀'))).toEqual(contains(5));
    expect(nums(await toUnicode('ထိပ္ ၃=၂၀၀'))).toEqual(head(3));
    expect(parseEntry(await toUnicode('၅ပတ္=၁၀၀')).lines.every((l) => l.amount === 100)).toBe(true);
  });

  it('Unicode Burmese, digits and Latin pass through untouched', async () => {
    for (const text of ['၅ ပတ်=၁၀၀', 'ထိပ် ၃=၂၀၀', '12.34=500', '၁၂R=၁၀၀', 'မင်္ဂလာပါ', 'ငါးဖမ်းဂိမ်း']) {
      expect(await toUnicode(text), text).toBe(text);
      expect(toUnicodeIfLoaded(text), text).toBe(text);
    }
  });

  it('only letters call for the converter: digits and punctuation are the same in both encodings', () => {
    expect(hasBurmeseLetters('၁၂.၃၄=၅၀၀၊ ၅၆=၁၀၀။')).toBe(false);
    expect(hasBurmeseLetters('၅ပတ္=၁၀၀')).toBe(true);
  });
});
