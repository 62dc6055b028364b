import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import 'virtual:uno.css';
import './styles/base.css';
import { waitFor } from 'xstate';
import { App } from './app/App';
import { primedFetch, readBootData, type BootData } from './app/boot-data';
import { startLanding } from './app/landing';
import { createLive, type Live } from './app/live';
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
  const boot = readBootData();
  const live = createLive({ fetch: primedFetch(boot) });
  live.authActor.start();
  if (launch && telegramEntry) live.telegram = telegramEntry.startTelegramSignIn({ auth: live.auth, authActor: live.authActor, launch });
  startLanding({
    param: launch ? parseStartParam(launch.startParam) : webStartParam(location.search),
    authActor: live.authActor,
    telegram: live.telegram,
  });
  await firstScreenReady(live, boot);
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that yield to the browser (no long task); the server's first
  // screen stays on show until the app's first screen replaces it whole.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App live={live} />
      </StrictMode>,
    ),
  );
}

/**
 * On home with the server's first screen in the page: the lobby's chunks and its embedded reads
 * are in before the first render, so the app's first frame is the server's (same boxes, same
 * data) rather than skeletons over it. Bounded: a slow chunk only delays the swap, never the app.
 */
async function firstScreenReady(live: Live, boot: BootData | null) {
  if (location.pathname !== '/' || !boot?.api) return;
  try {
    const [machines] = await Promise.all([live.loadGameMachines(), import('./screens/home/LobbyBody')]);
    await Promise.all([machines.gameTypes(), machines.banners()].map((actor) => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 4000 })));
  } catch {
    // Render anyway: the lobby shows its own placeholders and reads again.
  }
}

void boot();
