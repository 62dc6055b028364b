import { describe, expect, it } from 'vitest';
import mm from '../../locales/mm.json';
import { keepSyllables, keepSyllablesDeep, withoutJoiners } from '../../shared/keep-syllables';

const WJ = '\u2060';
/** Where a line may not break, shown as ⁞. */
const shown = (text: string) => keepSyllables(text).replaceAll(WJ, '⁞');

describe('keepSyllables: no line break inside a Burmese syllable', () => {
  it('joins a closing consonant (asat, virama, kinzi) to its syllable, and nothing else', () => {
    expect(shown('ဂိမ်း')).toBe('ဂိ⁞မ်း');
    expect(shown('လူကြိုက်များသော ဂိမ်းများ')).toBe('လူကြို⁞က်များသော ဂိ⁞မ်းများ');
    expect(shown('မင်္ဂလာပါ')).toBe('မ⁞င်္ဂလာပါ');
    expect(shown('သတ္တဝါ')).toBe('သ⁞တ္တဝါ');
    expect(shown('နှင့်')).toBe('နှ⁞င့်');
    expect(shown('ဘောနပ်စ်')).toBe('ဘောန⁞ပ်⁞စ်');
  });

  it('changes no letter, and leaves other scripts, digits and placeholders alone', () => {
    for (const text of ['ဂဏန်းလောင်းကစား', 'Hot Games', '热门游戏', 'เกมยอดนิยม', '{{n}} ကျပ်', '၁၂၃']) {
      expect(keepSyllables(text).replaceAll(WJ, '')).toBe(text);
    }
    expect(keepSyllables('Hot Games {{n}}')).toBe('Hot Games {{n}}');
    expect(keepSyllables(keepSyllables('ဂိမ်း'))).toBe(keepSyllables('ဂိမ်း'));
  });

  it('covers every string of a locale bundle, keeping its keys', () => {
    const kept = keepSyllablesDeep(mm);
    expect(Object.keys(kept)).toEqual(Object.keys(mm));
    expect(kept.game_type.hotGames).toBe(keepSyllables(mm.game_type.hotGames));
    expect(kept.game_type.hotGames).toContain(WJ);
  });
});

describe('withoutJoiners: text handed to Telegram (MainButton, pop-ups) carries no invisible marks', () => {
  it('takes back exactly what keepSyllables put in, and other zero-width marks', () => {
    for (const text of Object.values(mm.telegram as Record<string, string>)) {
      const kept = keepSyllables(text);
      expect(withoutJoiners(kept)).toBe(text);
      expect(withoutJoiners(kept)).not.toMatch(/[\u200B-\u200D\u2060\uFEFF]/);
    }
    expect(keepSyllables(mm.telegram.createAccount)).toContain(WJ);
    expect(withoutJoiners('a\u200Bb\uFEFFc\u2060d')).toBe('abcd');
  });
});
