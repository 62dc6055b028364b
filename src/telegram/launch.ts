import type { WebAppT } from './sdk';

/** What a Telegram launch tells the app before anything renders. */
export interface TelegramLaunch {
  /** The raw initData query string, signed by Telegram (the server checks it). */
  initData: string;
  /** `startapp` of the launch link, as Telegram passes it on. */
  startParam: string | null;
  /** The Telegram user's IETF language tag, for a first-run language. */
  languageCode: string | null;
}

export function readLaunch(app: WebAppT): TelegramLaunch | null {
  if (!app.initData) return null;
  const unsafe = app.initDataUnsafe ?? {};
  return {
    initData: app.initData,
    startParam: unsafe.start_param ?? null,
    languageCode: unsafe.user?.language_code ?? null,
  };
}
