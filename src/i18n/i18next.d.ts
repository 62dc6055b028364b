import 'i18next';
import type en from '../../locales/en.json';
import type extra from '../../locales/extra/en.json';
import type admin from '../../locales/admin/en.json';

/** English is the typed source of truth: t('…') keys are checked by the compiler. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof extra & typeof admin };
  }
}
