/**
 * Composition root, Shan part: the launcher machine provided with real effects (GET /user,
 * GET /shan/info, POST /shan-launch-game, the game tab; inside Telegram the same webview). Its own
 * chunk, loaded when /shan first needs it. Created once per app by live.ts.
 */
import { fromPromise, type AnyActorRef } from 'xstate';
import { authApi } from '../api/auth';
import type { Api } from '../api/client';
import { shanApi } from '../api/shan';
import type { ShanLaunchRequest } from '../api/types';
import { i18n } from '../i18n';
import { shanLaunchMachine } from '../machines/shan-launch/shan-launch.machine';
import { telegramApp } from '../telegram/effects';
import { createGameTab, sameViewGameTab } from './game-tab';

export interface ShanDeps {
  api: Api;
  /** The session actor (a 401 on these calls already ends the session through the client). */
  authActor: AnyActorRef;
}

export function createShanMachines({ api }: ShanDeps) {
  const auth = authApi(api);
  const shan = shanApi(api);
  // Created after Telegram's setup (on the first visit to /shan), so the launch mode is known.
  const tab = telegramApp() ? sameViewGameTab(location) : createGameTab(window, () => i18n.t('shan.tabLoading'));

  return {
    shanLaunch: shanLaunchMachine.provide({
      actors: {
        fetchUser: fromPromise(() => auth.user()),
        fetchShanInfo: fromPromise(() => shan.info()),
        launchShan: fromPromise(({ input, signal }: { input: ShanLaunchRequest; signal: AbortSignal }) =>
          tab.whileReserved(shan.launch(input), signal),
        ),
        openGameTab: fromPromise(({ input }: { input: { url: string } }) => tab.open(input.url)),
      },
      actions: { reserveTab: tab.reserve, releaseTab: tab.release },
    }),
  };
}

export type ShanMachines = ReturnType<typeof createShanMachines>;
