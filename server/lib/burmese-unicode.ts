/**
 * Stored text is Unicode. Older phones in Myanmar still type Zawgyi (a font hack that puts
 * Burmese letters on the wrong code points), so every player- or operator-typed text the server
 * keeps passes here: Google's detector (myanmar-tools) scores it, and text it reads as Zawgyi is
 * converted to Unicode. Text without Myanmar letters, and Unicode Burmese, come back untouched.
 * docs/decisions/0011-zawgyi.md.
 */
import tools from 'myanmar-tools';

/** Google's suggested cut-off: above it the text is Zawgyi (short Unicode names score near 0). */
export const ZAWGYI_THRESHOLD = 0.95;

const MYANMAR = /[\u1000-\u109F\uA9E0-\uA9FF\uAA60-\uAA7F]/;

let detector: InstanceType<typeof tools.ZawgyiDetector> | null = null;
let converter: InstanceType<typeof tools.ZawgyiConverter> | null = null;

/** True when `text` reads as Zawgyi-encoded Burmese. */
export function isZawgyi(text: string): boolean {
  if (!MYANMAR.test(text)) return false;
  detector ??= new tools.ZawgyiDetector();
  return detector.getZawgyiProbability(text) > ZAWGYI_THRESHOLD;
}

/** `text` in Unicode: converted (and NFC-composed) when it is Zawgyi, else exactly as it came. */
export function burmeseUnicode(text: string): string {
  if (!isZawgyi(text)) return text;
  converter ??= new tools.ZawgyiConverter();
  return converter.zawgyiToUnicode(text).normalize('NFC');
}
