/**
 * The console's own strings (locales/admin/*.json, the `admin` area), a chunk per language that
 * only /admin loads; the player's bundles stay as they are. Switching language loads the
 * player's core bundle too (the shared components' labels) and the refusal words.
 */
import { i18n, setLanguage } from '../i18n';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages';
import { loadRefusals } from '../i18n/refusals';

type Bundle = { default: Record<string, unknown> };

const loaders: Record<Language, () => Promise<Bundle>> = {
  en: () => import('../../locales/admin/en.json'),
  mm: () => import('../../locales/admin/mm.json'),
  zh: () => import('../../locales/admin/zh.json'),
  th: () => import('../../locales/admin/th.json'),
};
const loaded = new Set<Language>();

async function load(lng: Language) {
  if (loaded.has(lng)) return;
  i18n.addResourceBundle(lng, 'translation', (await loaders[lng]()).default, true, true);
  loaded.add(lng);
}

/** English (the fallback) and the active language's console strings and refusals. */
export async function loadConsoleStrings(): Promise<void> {
  const lng = (i18n.language as Language) ?? DEFAULT_LANGUAGE;
  await Promise.all([load(DEFAULT_LANGUAGE), load(lng), loadRefusals(lng)]);
}

export async function setConsoleLanguage(lng: Language): Promise<void> {
  await Promise.all([load(lng), loadRefusals(lng)]);
  await setLanguage(lng);
}
