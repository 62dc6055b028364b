import { useSyncExternalStore } from 'react';
import i18next, { type TFunction } from 'i18next';

/**
 * The views' hook to the one i18next instance (src/i18n): `t` in the reader's language, and the
 * instance. A view draws again when the language changes, as react-i18next's default does (its
 * `languageChanged` binding); strings added later (the extra bundle) are in before the screens that
 * use them render (routes' lazyWithStrings), so adding them needs no redraw. In place of
 * react-i18next, of which the site used only this hook (decision 0041).
 */
function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

const language = (): string => i18next.language;

/** One `t` per language, made once for every view: a new one when the language changes, so memoised views and effects that depend on it follow. */
const fixed = new Map<string, TFunction>();
const fixedT = (lng: string): TFunction => {
  let t = fixed.get(lng);
  if (!t) fixed.set(lng, (t = i18next.getFixedT(lng)));
  return t;
};

export function useTranslation() {
  const lng = useSyncExternalStore(subscribe, language, language);
  // Before i18next's init there is no language yet: a `t` of whatever it will be.
  return { t: lng ? fixedT(lng) : i18next.getFixedT(null, 'translation'), i18n: i18next };
}
