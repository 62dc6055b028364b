import { describe, expect, it } from 'vitest';
import { motifSvg, themeOf, type Theme } from '../../server/routes/art/motifs';
import { gameTileSvg } from '../../server/routes/art/tiles';

/** Pure: which picture a game tile gets, and that the picture is a drawing rather than letters. */
describe('game tile motifs', () => {
  it('picks the motif from what the name says, things before places before adjectives', () => {
    const cases: Array<[string, string, Theme]> = [
      ['Ruby Riches', 'slot', 'gems'],
      ['Golden Tiger', 'slot', 'paw'],
      ['Thunder Dragon', 'slot', 'dragon'],
      ['Treasures of Atlantis', 'slot', 'fish'],
      ['Secrets of Bagan', 'slot', 'temple'],
      ['Royal Crown', 'slot', 'crown'],
      ['Golden Lanterns', 'slot', 'lantern'],
      ['Speed Baccarat A', 'live_casino', 'cards'],
      ['Dragon Tiger B', 'live_casino', 'cards'],
      ['Roulette A', 'live_casino', 'wheel'],
      ['Sic Bo A', 'live_casino', 'dice'],
      ['Virtual Euro Cup', 'virtual_sport', 'football'],
      ['Basketball', 'sport_book', 'basketball'],
      ['Horse Racing', 'sport_book', 'flag'],
      ['Keno', 'lottery', 'balls'],
      ['Sky Rocket', 'others', 'rocket'],
      ['Mines', 'others', 'bomb'],
    ];
    for (const [name, type, theme] of cases) expect(themeOf(name, type), name).toBe(theme);
  });

  it('lets the type decide for fishing, cockfighting and e-sports whatever the name', () => {
    expect(themeOf('Sea Dragon Hunter', 'fishing')).toBe('fish');
    expect(themeOf('Derby Cup', 'cock_fighting')).toBe('rooster');
    expect(themeOf('Night Derby', 'cock_fighting')).toBe('rooster');
    expect(themeOf('Mobile Legends', 'esport')).toBe('controller');
  });

  it('falls back to the type, then to a classic slot symbol chosen by the name', () => {
    expect(themeOf('Andromeda', 'live_casino')).toBe('cards');
    expect(themeOf('Andromeda', 'lottery')).toBe('balls');
    expect(themeOf('Zzyzx Quest', 'slot')).toBe(themeOf('Zzyzx Quest', 'slot'));
    expect(['seven', 'fruit', 'coins', 'gems', 'magic', 'crown']).toContain(themeOf('Zzyzx Quest', 'slot'));
  });

  it('draws each motif as shapes, with no initials medallion', () => {
    const themes: Theme[] = ['gems', 'fish', 'cards', 'dragon', 'paw', 'wheel', 'balls', 'rooster', 'controller'];
    const drawings = new Set(themes.map((theme) => motifSvg(theme, 'x', 1)));
    expect(drawings.size).toBe(themes.length);
    for (const d of drawings) expect(d).toMatch(/<(path|circle|ellipse|rect|polygon)\b/);

    const tile = gameTileSvg({ name: 'Ruby Riches', providerCode: 'PP', color: '#F57C00', typeCode: 'slot' });
    expect(tile).toContain(motifSvg('gems', 'Ruby Riches', 0).slice(0, 40));
    // The old tile's medallion: the initials in 50-px type.
    expect(tile).not.toContain('font-size="50"');
    expect(tile).not.toMatch(/>RR<\/text>/);
  });

  it('gives two games of one provider different pictures when their names differ in kind', () => {
    const art = (name: string) => gameTileSvg({ name, providerCode: 'JILI', color: '#E53935', typeCode: 'slot' });
    const strip = (svg: string) => svg.replace(/<text[\s\S]*?<\/text>/g, '').replace(/aria-label="[^"]*"/, '');
    expect(strip(art('Ruby Riches'))).not.toBe(strip(art('Golden Tiger')));
    expect(art('Golden Tiger')).toBe(art('Golden Tiger'));
  });
});
