/** The reader's stored choice of language (the browser's half of shared/languages.ts). */
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, isLanguage, type Language } from '../../shared/languages';

/** The language the player chose (stored under 'lan'), or null when they never chose one. */
export function chosenLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function storedLanguage(): Language {
  return chosenLanguage() ?? DEFAULT_LANGUAGE;
}
