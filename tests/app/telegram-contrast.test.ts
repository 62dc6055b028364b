import { describe, expect, it } from 'vitest';
import { AA, contrast, readableOn, textOnFill } from '../../src/telegram/contrast';

/** src/telegram/contrast.ts: Telegram's theme colours made readable for our text (issue 25 § 9, 11). */
describe('readable Telegram theme colours', () => {
  it('measures WCAG contrast', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#999999', '#ffffff')).toBeCloseTo(2.85, 2);
    expect(contrast('#2481cc', '#ffffff')).toBeCloseTo(4.13, 2);
  });

  it("darkens Telegram's light hint and link colours just enough to read on white and its grey", () => {
    for (const colour of ['#999999', '#2481cc', '#34c77b', '#f3a93b']) {
      const fixed = readableOn(colour, ['#ffffff', '#f1f1f4'], '#000000');
      expect(fixed, colour).not.toBe(colour);
      expect(contrast(fixed, '#ffffff')).toBeGreaterThanOrEqual(AA);
      expect(contrast(fixed, '#f1f1f4')).toBeGreaterThanOrEqual(AA);
      // Just enough: one step less would not read.
      expect(contrast(fixed, '#f1f1f4'), colour).toBeLessThan(AA + 1.5);
    }
  });

  it('leaves a colour that already reads as it is, and lightens toward white on a dark theme', () => {
    expect(readableOn('#000000', ['#ffffff'], '#000000')).toBe('#000000');
    const hint = readableOn('#708499', ['#17212b', '#232e3c'], '#f5f5f5');
    expect(contrast(hint, '#232e3c')).toBeGreaterThanOrEqual(AA);
    expect(contrast('#ec3942', '#232e3c')).toBeLessThan(AA);
    expect(contrast(readableOn('#ec3942', ['#17212b', '#232e3c'], '#f5f5f5'), '#232e3c')).toBeGreaterThanOrEqual(AA);
  });

  it("a button's text: its own when it reads, else black or white", () => {
    expect(textOnFill('#ffffff', '#1d6aa8')).toBe('#ffffff');
    expect(textOnFill('#ffffff', '#5288c1')).toBe('#000000');
    expect(contrast(textOnFill('#ffffff', '#5288c1'), '#5288c1')).toBeGreaterThanOrEqual(AA);
  });
});
