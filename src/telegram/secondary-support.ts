import { telegramApp } from './effects';

/** Whether this Telegram client has the SecondaryButton (Bot API 7.10); false on the web. */
export function hasSecondaryButton(): boolean {
  try {
    return !!telegramApp()?.isVersionAtLeast('7.10');
  } catch {
    return false;
  }
}
