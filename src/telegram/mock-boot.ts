/**
 * The mock Telegram for a built site (`npm start` with TELEGRAM_DEV_MOCK=1): the server bundles this
 * file on request and adds it to the page only on a development start with the flag
 * (server/routes/shell/dev-telegram.ts); the production build never contains it. With `?tgMock` in
 * the address it installs the mock and leaves the promise where init.ts waits for it.
 */
import { installMockTelegram } from './mock-env';

if (/[?&]tgMock\b/.test(location.search)) {
  (window as { __kpDevTelegram?: Promise<void> }).__kpDevTelegram = installMockTelegram();
}
