import { describe, expect, it } from 'vitest';
import { findChromium } from '../support/chromium';

describe('findChromium (where the browser tests find a browser)', () => {
  const only = (...present: string[]) => (path: string) => present.includes(path);

  it('takes CHROMIUM_PATH when it exists, and nothing else when it does not', () => {
    expect(findChromium({ CHROMIUM_PATH: '/opt/chrome/chrome' }, only('/opt/chrome/chrome', '/usr/bin/chromium'))).toBe('/opt/chrome/chrome');
    expect(findChromium({ CHROMIUM_PATH: '/opt/missing' }, only('/usr/bin/chromium'))).toBeNull();
  });

  it("finds Debian's, Ubuntu's snap or Google's Chrome in the usual places, Debian's first", () => {
    expect(findChromium({}, only('/usr/bin/chromium', '/usr/bin/google-chrome'))).toBe('/usr/bin/chromium');
    expect(findChromium({}, only('/snap/bin/chromium'))).toBe('/snap/bin/chromium');
    expect(findChromium({}, only('/usr/bin/google-chrome-stable'))).toBe('/usr/bin/google-chrome-stable');
  });

  it('reports none when there is none', () => {
    expect(findChromium({}, only())).toBeNull();
  });
});
