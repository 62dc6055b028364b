/**
 * Composition root, games part: the lobby, launch, content and game-log machines provided with
 * real effects. Its own chunk, loaded when a games screen first needs it (the home lobby, /games,
 * /ranking, the game log), so the entry download of `/` carries none of the wiring or the calls.
 * Created once per app by live.ts.
 */
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import type { Api } from '../api/client';
import { contentApi, type ContentApi } from '../api/content';
import { gamesApi, type GamesApi } from '../api/games';
import type { ApiErrorInfo, GameLogPeriod, LaunchRequest } from '../api/types';
import { i18n } from '../i18n';
import { artForReader } from '../../shared/art-url';
import { carouselMachine } from '../machines/carousel/carousel.machine';
import { gameLaunchMachine, POPUP_BLOCKED_CODE } from '../machines/game-launch/game-launch.machine';
import { gameListMachine, type FetchGamesInput } from '../machines/game-list/game-list.machine';
import { gameLogsMachine } from '../machines/game-logs/game-logs.machine';
import { popupAdMachine, type PopupAdEvent, type PopupAdInput } from '../machines/popup-ad/popup-ad.machine';
import { yangonDate } from '../lib/two-d/session';
import { resourceMachine } from '../machines/resource/resource.machine';
import { openExternal, telegramApp } from '../telegram/effects';
import { isFreshAccount, sheetsOpen, watchSheets } from '../lib/open-sheets';
import { navigate } from 'wouter/use-browser-location';
import { openSandboxedGame } from './game-frame';
import { pageLoaded, pageSettled } from './page-settled';

export interface GameDeps {
  api: Api;
  /** The session actor: whether a player is logged in, and the login dialog. */
  authActor: AnyActorRef;
}

/**
 * The pop-up ad's memory in this browser: the day it last opened and whether the player said
 * "Don't show again" (machines/popup-ad: at most once a day, never after that).
 */
export const POPUP_AD_KEY = 'kp:popupAd';
type PopupMemory = { shownOn?: string; dismissed?: boolean };

const logError = (_: unknown, params: { error: ApiErrorInfo }) => console.warn('[kyatplay]', params.error.status, params.error.message);

function readPopupMemory(): PopupMemory {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(POPUP_AD_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as PopupMemory) : {};
  } catch {
    return {};
  }
}

function writePopupMemory(change: PopupMemory): void {
  try {
    localStorage.setItem(POPUP_AD_KEY, JSON.stringify({ ...readPopupMemory(), ...change }));
  } catch {
    // Private mode: it may show again on the next visit to home, which is harmless.
  }
}

/** The popup machine's input: today in Yangon and what this browser remembers. */
function popupInput(): PopupAdInput {
  const memory = readPopupMemory();
  return {
    today: yangonDate(new Date()),
    shownOn: typeof memory.shownOn === 'string' ? memory.shownOn : null,
    dismissed: memory.dismissed === true,
    fresh: isFreshAccount(),
  };
}

/**
 * Shows the launch answer's HTML with an opaque origin (./game-frame): never written into a window
 * of ours, where it could read the token. On the web in a new window (rejects when the browser
 * blocked it); inside Telegram over the site in the same webview (./game-overlay, its own chunk),
 * and the balance is read again when the player closes the game.
 */
function openGameWindow(content: string, refreshBalance: () => void): Promise<void> {
  if (!telegramApp()) return openSandboxedGame(content, { code: POPUP_BLOCKED_CODE });
  return import('./game-overlay').then(({ openGameOverlay }) =>
    openGameOverlay(content, { back: i18n.t('games.backToGames'), title: i18n.t('games.gameFrameTitle') }, refreshBalance),
  );
}

const resource = (load: () => Promise<unknown>) => resourceMachine.provide({ actors: { load: fromPromise(load) } });

/**
 * Catalogue data every lobby screen shares, read once per visit: one actor each, started on
 * first use and kept, so switching types or pages never refetches it.
 */
function shared(load: () => Promise<unknown>) {
  let actor: ReturnType<typeof createActor<ReturnType<typeof resource>>> | null = null;
  return () => (actor ??= createActor(resource(load)).start());
}

/** A launch asks a guest to log in; the game opens in its window, and the balance is read again after it. */
function liveGameLaunch(games: GamesApi, authActor: AnyActorRef) {
  const refreshBalance = () => authActor.system.get('balance')?.send({ type: 'balance.refresh' });
  return gameLaunchMachine.provide({
    guards: { isLoggedIn: () => authActor.getSnapshot().matches('authenticated') },
    actors: {
      launchGame: fromPromise(({ input }: { input: LaunchRequest }) => games.launch(input)),
      openGameWindow: fromPromise(({ input }: { input: { content: string } }) => openGameWindow(input.content, refreshBalance)),
    },
    actions: {
      askLogin: () => authActor.send({ type: 'modal.open', modal: 'login' }),
      navigateTo: (_, { url }) => window.location.assign(url),
    },
  });
}

function livePopupAd(content: ContentApi) {
  return popupAdMachine.provide({
    // Never in the first paint window, never the visit's LCP: read once the page has loaded,
    // opened once it has settled (the reader's first interaction, or a few quiet seconds).
    actors: {
      fetchPopupAd: fromPromise(async ({ signal }) => {
        await pageLoaded(signal);
        const settled = pageSettled({ signal });
        const ad = await content.popupAd(i18n.language);
        if (ad?.img) await settled;
        return ad;
      }),
      // Other sheets (components/Dialog) and a new account this visit (lib/open-sheets), now and on change.
      watchPage: fromCallback<PopupAdEvent>(({ sendBack }) => {
        const report = () => {
          sendBack({ type: 'sheets.change', open: sheetsOpen() });
          if (isFreshAccount()) sendBack({ type: 'session.fresh' });
        };
        report();
        return watchSheets(report);
      }),
    },
    actions: {
      followLink: (_, { link }) => {
        if (link.startsWith('/')) navigate(link);
        else if (!openExternal(link)) window.open(link, '_blank', 'noopener');
      },
      markShown: (_, { day }) => writePopupMemory({ shownOn: day }),
      markDismissed: () => writePopupMemory({ dismissed: true }),
      logError,
    },
  });
}

export function createGameMachines({ api, authActor }: GameDeps) {
  const games = gamesApi(api);
  const content = contentApi(api);

  return {
    gameList: gameListMachine.provide({
      actors: { fetchGames: fromPromise(({ input }: { input: FetchGamesInput }) => games.gameList(input.typeId, input.providerId, input.page)) },
      actions: { logError },
    }),
    gameLaunch: liveGameLaunch(games, authActor),
    carousel: carouselMachine,
    popupAd: livePopupAd(content),
    popupInput,
    gameLogs: gameLogsMachine.provide({
      actors: { fetchGameLogs: fromPromise(({ input }: { input: { period: GameLogPeriod } }) => games.gameLogs(input.period)) },
    }),
    /** The marquee text in the reader's language: start one per language. */
    bannerText: resource(() => content.bannerText(i18n.language)),
    /** The ranking: fresh on every visit, refreshed by 'Today'. */
    topWithdraw: resource(() => games.topWithdraw()),
    gameTypes: shared(() => games.gameTypes()),
    hotGames: shared(() => games.hotGames()),
    banners: shared(() => content.banners(i18n.language)),
    /** The generated banner and pop-up art in the reader's language and variant (shared/art-url). */
    artUrl: artForReader,
  };
}

export type GameMachines = ReturnType<typeof createGameMachines>;
