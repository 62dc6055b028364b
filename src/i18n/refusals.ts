import type { RefusalCode } from '../api/types';
import { wordRefusal, type RefusalCatalogue } from '../../shared/refusal-words';
import type { Language } from '../../shared/languages';

/**
 * The refusal catalogues (locales/refusals, the server's own words), a small chunk per language
 * loaded with the later screens' strings. Until one is in, the server's words stand (it words
 * them in the language the site sends with every call).
 */
const loaders: Record<Language, () => Promise<{ default: RefusalCatalogue }>> = {
  en: () => import('../../locales/refusals/en.json'),
  mm: () => import('../../locales/refusals/mm.json'),
  zh: () => import('../../locales/refusals/zh.json'),
  th: () => import('../../locales/refusals/th.json'),
};
const loaded: Partial<Record<Language, RefusalCatalogue>> = {};

export async function loadRefusals(lng: Language): Promise<void> {
  if (loaded[lng]) return;
  loaded[lng] = (await loaders[lng]()).default;
}

/** The refusal in `lng` from its code, or null when that catalogue is not loaded or lacks the code. */
export function speakRefusal(lng: Language, refusal: RefusalCode): string | null {
  const catalogue = loaded[lng];
  return catalogue ? wordRefusal(catalogue, refusal) : null;
}
