/**
 * Text a player types on an older phone may be Zawgyi-encoded Burmese (a font hack that puts the
 * letters on the wrong code points). What the client matches or parses (the game search, typed
 * 2D entries) is read as Unicode: Google's detector scores the text and Zawgyi is converted.
 * The detector and converter (myanmar-tools, ~30 kB gzip) load only when a text has Burmese
 * letters; the server converts what it stores on its own (server/lib/burmese-unicode.ts).
 * docs/decisions/0011-zawgyi.md.
 */

/** Google's suggested cut-off: above it the text is Zawgyi (the server uses the same). */
const ZAWGYI_THRESHOLD = 0.95;

/** Burmese letters and marks; digits ၀-၉ and the punctuation ၊ ။ are the same in both encodings. */
const BURMESE_LETTER = /[\u1000-\u103F\u104C-\u109F\uA9E0-\uA9FF\uAA60-\uAA7F]/;

export type ToUnicode = (text: string) => string;

let loaded: ToUnicode | null = null;
let loading: Promise<ToUnicode> | null = null;

/** True when `text` has letters whose encoding matters (so the converter is worth loading). */
export const hasBurmeseLetters = (text: string) => BURMESE_LETTER.test(text);

/** Loads the detector and converter once; resolves with the Zawgyi-to-Unicode reader. */
export function loadZawgyi(): Promise<ToUnicode> {
  loading ??= import('myanmar-tools')
    .then((mod) => {
      // A CommonJS package: its exports arrive as the default export.
      const tools = (mod as { default?: typeof mod.default }).default ?? (mod as unknown as typeof mod.default);
      const detector = new tools.ZawgyiDetector();
      const converter = new tools.ZawgyiConverter();
      loaded = (text) =>
        hasBurmeseLetters(text) && detector.getZawgyiProbability(text) > ZAWGYI_THRESHOLD ? converter.zawgyiToUnicode(text).normalize('NFC') : text;
      return loaded;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** `text` in Unicode: converted when it is Zawgyi, else exactly as it came. */
export async function toUnicode(text: string): Promise<string> {
  if (!hasBurmeseLetters(text)) return text;
  try {
    return (await loadZawgyi())(text);
  } catch {
    // Offline and never loaded: the text as typed is still the best guess.
    return text;
  }
}

/** The same, synchronously: `text` unchanged until the converter has loaded (`loadZawgyi`). */
export function toUnicodeIfLoaded(text: string): string {
  return loaded && hasBurmeseLetters(text) ? loaded(text) : text;
}
