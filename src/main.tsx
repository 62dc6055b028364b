import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'virtual:uno.css';
import './styles/base.css';
import { App } from './app/App';
import { startLanding } from './app/landing';
import { createLive } from './app/live';
import { initI18n } from './i18n';
import { languageFromTelegram } from './i18n/languages';
import { parseStartParam, webStartParam } from './lib/start-param';
import { initTelegram } from './telegram/init';

/**
 * Boot: Telegram (only inside Telegram) → translations (a first-run language from Telegram) and,
 * inside Telegram, the silent sign-in's chunk → the session → where the launch link lands → render.
 */
async function boot() {
  const launch = await initTelegram();
  const [, telegramEntry] = await Promise.all([
    initI18n(launch ? languageFromTelegram(launch.languageCode) : undefined),
    launch ? import('./app/live-telegram') : null,
  ]);
  const live = createLive();
  live.authActor.start();
  if (launch && telegramEntry) live.telegram = telegramEntry.startTelegramSignIn({ auth: live.auth, authActor: live.authActor, launch });
  startLanding({
    param: launch ? parseStartParam(launch.startParam) : webStartParam(location.search),
    authActor: live.authActor,
    telegram: live.telegram,
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App live={live} />
    </StrictMode>,
  );
}

void boot();
