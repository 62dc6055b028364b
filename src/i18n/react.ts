import { useMemo, useSyncExternalStore } from 'react';
import i18next from 'i18next';

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

export function useTranslation() {
  const lng = useSyncExternalStore(subscribe, language, language);
  // A new `t` for each language, so memoised views and effects that depend on it follow the change.
  const t = useMemo(() => i18next.getFixedT(lng ?? null), [lng]);
  return { t, i18n: i18next };
}
