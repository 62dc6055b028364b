import i18next from 'i18next';
import en from '../../locales/en.json';
import { ensureMyanmarFont } from './font';
import { loadRefusals } from './refusals';
import { BCP47, DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, type Language } from '../../shared/languages';
import { chosenLanguage } from './languages';

export { BCP47, LANGUAGES, NATIVE_NAMES, type Language } from '../../shared/languages';

/**
 * English ships in the entry chunk (it is the fallback for every key); the other three load on
 * demand as separate chunks, so a Burmese reader never downloads Thai.
 */
type Bundle = { default: Record<string, unknown> };

/** Burmese strings keep their syllables whole at line ends (shared/keep-syllables). */
const burmese = (bundle: Promise<Bundle>): Promise<Bundle> =>
  Promise.all([bundle, import('../../shared/keep-syllables')]).then(([mod, k]) => ({ default: k.keepSyllablesDeep(mod.default) }));

const loaders: Record<Exclude<Language, 'en'>, () => Promise<Bundle>> = {
  mm: () => burmese(import('../../locales/mm.json')),
  zh: () => import('../../locales/zh.json'),
  th: () => import('../../locales/th.json'),
};

/**
 * Strings only the lazily loaded screens use (2D, cashier, logs, Digit Bet, Shan, fairness,
 * promotions, contact, about, videos) live in `locales/extra/*.json`, a chunk per language loaded
 * with any of those screens (`lazyWithStrings` in app/routes.tsx), so they do not weigh on the
 * first paint of `/`. The entry bundle keeps what the shell, home, login and dialogs show.
 */
const extraLoaders: Record<Language, () => Promise<Bundle>> = {
  en: () => import('../../locales/extra/en.json'),
  mm: () => burmese(import('../../locales/extra/mm.json')),
  zh: () => import('../../locales/extra/zh.json'),
  th: () => import('../../locales/extra/th.json'),
};
const extraLoaded = new Set<Language>();
let extraWanted = false;

export const i18n = i18next;

async function loadExtraBundle(lng: Language) {
  if (extraLoaded.has(lng)) return;
  const mod = await extraLoaders[lng]();
  i18n.addResourceBundle(lng, 'translation', mod.default, true, true);
  extraLoaded.add(lng);
}

/** Loads the later screens' strings for English (the fallback) and the active language. */
export async function loadExtraStrings(): Promise<void> {
  extraWanted = true;
  const lng = (i18n.language as Language) ?? DEFAULT_LANGUAGE;
  await Promise.all([loadExtraBundle(DEFAULT_LANGUAGE), loadExtraBundle(lng), loadRefusals(lng)]);
}

/** Languages whose core bundle is in (not "has any bundle": the console adds its own strings first). */
const coreLoaded = new Set<Language>();

async function loadBundle(lng: Language) {
  if (lng === 'en' || coreLoaded.has(lng)) return;
  const mod = await loaders[lng]();
  i18n.addResourceBundle(lng, 'translation', mod.default, true, true);
  coreLoaded.add(lng);
}

/** The server renders the first screen in the language this cookie names (server/routes/shell). */
const LANGUAGE_COOKIE = 'kp_lan';

function applyDocumentLanguage(lng: Language) {
  document.documentElement.lang = BCP47[lng];
  try {
    document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Cookies off: the first screen comes in English and the app switches at boot.
  }
  if (lng === 'mm') void ensureMyanmarFont();
}

/**
 * Boot: the player's chosen language (else `firstRun`, e.g. from Telegram's language_code, not
 * stored until they choose) is ready before the first render, so nothing flashes in English.
 */
export async function initI18n(firstRun?: Language): Promise<typeof i18n> {
  const lng = chosenLanguage() ?? firstRun ?? DEFAULT_LANGUAGE;
  await i18n.init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false, defaultVariables: { appName: en.common.appName } },
  });
  try {
    await loadBundle(lng);
    await i18n.changeLanguage(lng);
  } catch {
    // A failed chunk download leaves the site readable in English.
  }
  applyDocumentLanguage(i18n.language as Language);
  return i18n;
}

/** Switches language, remembers it under 'lan' and updates <html lang>. */
export async function setLanguage(lng: Language): Promise<void> {
  await Promise.all([loadBundle(lng), extraWanted ? loadExtraBundle(lng) : undefined, extraWanted ? loadRefusals(lng) : undefined]);
  await i18n.changeLanguage(lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  applyDocumentLanguage(lng);
}

/** The Intl locale for the active language (`mm` → `my`). */
export function intlLocale(): string {
  return BCP47[(i18n.language as Language) ?? DEFAULT_LANGUAGE] ?? 'en';
}
