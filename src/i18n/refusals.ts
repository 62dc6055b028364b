import type { RefusalCode } from '../api/types';
import type { RefusalCatalogue, wordRefusal } from '../../shared/refusal-words';
import type { Language } from '../../shared/languages';

/**
 * The refusal catalogues (locales/refusals, the server's own words), a small chunk per language
 * loaded with the later screens' strings, and the code that words them (with its date formats)
 * loaded with the first of them, off the first download. Until one is in, the server's words
 * stand (it words them in the language the site sends with every call).
 */
const loaders: Record<Language, () => Promise<{ default: RefusalCatalogue }>> = {
  en: () => import('../../locales/refusals/en.json'),
  mm: () => import('../../locales/refusals/mm.json'),
  zh: () => import('../../locales/refusals/zh.json'),
  th: () => import('../../locales/refusals/th.json'),
};
const loaded: Partial<Record<Language, RefusalCatalogue>> = {};
let word: typeof wordRefusal | null = null;

export async function loadRefusals(lng: Language): Promise<void> {
  if (loaded[lng]) return;
  const [catalogue, words] = await Promise.all([loaders[lng](), import('../../shared/refusal-words')]);
  word = words.wordRefusal;
  loaded[lng] = catalogue.default;
}

/** The refusal in `lng` from its code, or null when that catalogue is not loaded or lacks the code. */
export function speakRefusal(lng: Language, refusal: RefusalCode): string | null {
  const catalogue = loaded[lng];
  // `word` is in whenever a catalogue is (both arrive in loadRefusals).
  return catalogue && word ? word(catalogue, refusal) : null;
}
