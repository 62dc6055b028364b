/**
 * Burmese has no spaces between words, so browsers break its lines with ICU's Burmese dictionary,
 * and for a word it does not know (a loanword such as ဂိမ်း, "game") ICU breaks between any two
 * clusters, even inside a syllable: "ဂိ | မ်း". CSS cannot stop that (`word-break: keep-all` and
 * `line-break` leave complex-context scripts to the dictionary), so the text itself says where a
 * break must not fall: a WORD JOINER (U+2060, invisible, no width) before each consonant that
 * closes or stacks into the syllable before it (a consonant with asat ် or virama ္ after it).
 * Breaks between syllables stay where ICU puts them.
 * docs/decisions/0011-zawgyi.md § Line breaks.
 */
const WORD_JOINER = '\u2060';

/**
 * A consonant that belongs to the syllable before it: after a Myanmar letter or mark, not itself
 * stacked under a virama (that one is already inside its cluster), and followed by asat or virama
 * (a dot below may come first: နှင့်).
 */
const CLOSING_CONSONANT = /(?<=[\u1000-\u103F\u1050-\u109F])(?<!\u1039)(?=[\u1000-\u1021]\u1037?[\u1039\u103A])/g;

export function keepSyllables(text: string): string {
  return text.replace(CLOSING_CONSONANT, WORD_JOINER);
}

/**
 * The text without our invisible joiners (and other zero-width format marks), for places that do
 * their own line breaking or none: Telegram's MainButton, SecondaryButton and native pop-ups show
 * them as boxes or count them against their length limits.
 */
export function withoutJoiners(text: string): string {
  return text.replace(/[\u200B-\u200D\u2060\uFEFF]/g, '');
}

/** Every string of a locale bundle (nested objects), with Burmese syllables kept whole. */
export function keepSyllablesDeep<T>(value: T): T {
  if (typeof value === 'string') return keepSyllables(value) as T;
  if (Array.isArray(value)) return value.map(keepSyllablesDeep) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keepSyllablesDeep(v)])) as T;
  }
  return value;
}
