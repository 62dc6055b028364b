import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import 'virtual:uno.css';
import './styles/base.css';
import { waitFor } from 'xstate';
import { App } from './app/App';
import { paintedLanguage, primedFetch, readBootData, type BootData } from './app/boot-data';
import { startLanding } from './app/landing';
import { markSignedIn, readToken } from './app/storage';
import { createLive, type Live } from './app/live';
import { initI18n, loadExtraStrings } from './i18n';
import { languageFromTelegram } from '../shared/languages';
import { parseStartParam, webStartParam } from '../shared/start-param';
import { initTelegram } from './telegram/init';

/**
 * Boot: Telegram (only inside Telegram) → translations (a first-run language from Telegram) and,
 * inside Telegram, the silent sign-in's chunk → the session → where the launch link lands → render.
 */
async function boot() {
  // The operator console is an app of its own in a lazy chunk (docs/decisions/0020-operator-console.md): `/` never loads it.
  if (/^\/admin(\/|$)/i.test(location.pathname)) return void import('./console/boot').then((m) => m.bootConsole());
  // The boot runs in a few short tasks, not one long one after the modules' evaluation: a tap or a
  // frame can come between its steps (issue 30, TBT).
  await yieldToBrowser();
  const launch = await initTelegram();
  const boot = readBootData();
  // Without a stored choice the app speaks the language the server painted the page in (the
  // kp_lan cookie it wrote on an earlier visit): switching a Burmese page to English at boot would
  // move everything the reader already sees. Telegram's own language comes first inside Telegram.
  const [, telegramEntry] = await Promise.all([
    initI18n(launch ? languageFromTelegram(launch.languageCode) : paintedLanguage(boot)),
    launch ? import('./app/live-telegram') : null,
  ]);
  await yieldToBrowser();
  // The first-paint hint follows the stored session (one stored before the hint existed, too).
  markSignedIn(readToken() !== null);
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

/** Lets the browser run what is waiting (input, a frame) before the next step: `scheduler.yield()` where there is one. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * With the server's first screen in the page (home, /2d, /promotion, /digitbet): the screen's
 * chunks, its strings and its embedded reads are in before the first render, so the app's first
 * frame is the server's (same boxes, same data) rather than a spinner or skeletons over it.
 * Bounded: a slow chunk only delays the swap, never the app.
 */
async function firstScreenReady(live: Live, boot: BootData | null) {
  if (!boot) return;
  // The server's first screen is painted before any chunk is asked for: a chunk's stylesheet
  // (Digit Bet has one) inserted before the first paint would hold that paint until it loads.
  // (A hidden tab runs no animation frame: a timer bounds the wait.)
  await new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
  const page = location.pathname.toLowerCase().replace(/\/+$/, '') || '/';
  let ready: Promise<unknown> | null = null;
  if (location.pathname === '/' && boot.api) ready = lobbyReady(live);
  else if (page === '/2d') ready = Promise.all([live.loadTwoDMachines().then((m) => m.primeLive()), import('./screens/two-d/TwoDScreen'), loadExtraStrings()]);
  else if (page === '/promotion')
    ready = Promise.all([live.loadContentMachines().then((m) => m.primePromotions()), import('./screens/promotion/PromotionScreen'), loadExtraStrings()]);
  else if (page === '/digitbet') ready = Promise.all([import('./screens/digit-bet/DigitBetScreen'), loadExtraStrings(), readToken() ? live.loadDigitMachines() : null]);
  if (!ready) return;
  try {
    await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 4000))]);
  } catch {
    // Render anyway: the screen shows its own placeholders and reads again.
  }
}

/**
 * The lobby's chunks, and every read its first render shows settled: the game types and banners
 * (answered from the page) and the hot games (from the network). A read that lands while React is
 * rendering in slices makes React throw that render away and do it again in one long task (it may
 * not show two versions of one store), so they land before it starts.
 */
async function lobbyReady(live: Live) {
  const [machines] = await Promise.all([live.loadGameMachines(), import('./screens/home/LobbyBody')]);
  await Promise.all([machines.gameTypes(), machines.banners(), machines.hotGames()].map((actor) => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 4000 })));
}

void boot();
