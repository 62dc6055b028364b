/**
 * Composition root, 2D part: the live feed, the bet flow, the daily winners, the slips and the
 * holidays, provided with real effects (the 2D calls, the stored draft, navigation, toasts, the
 * balance). Its own chunk, loaded when a 2D screen first needs it. Created once per app by live.ts.
 */
import { fromPromise, type AnyActorRef } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import type { Api } from '../api/client';
import type { TwoDBetRequest, TwoDDraft, TwoDSession } from '../api/types';
import { twoDApi, type TwoDApi } from '../api/two-d';
import { timeIdOf } from '../lib/two-d/session';
import { dailyWinnersMachine, type FetchWinnersInput } from '../machines/daily-winners/daily-winners.machine';
import { liveFeedMachine } from '../machines/live-feed/live-feed.machine';
import { resourceMachine } from '../machines/resource/resource.machine';
import { twoDBetMachine } from '../machines/two-d-bet/two-d-bet.machine';
import { walletMoveMachine } from '../machines/wallet-move/wallet-move.machine';
import { walletApi } from '../api/wallet';
import type { ExchangeRequest } from '../api/types';
import { i18n } from '../i18n';
import { formatAmount } from '../lib/money';
import { notice } from '../lib/notice';
import type { LiveSnapshot } from '../api/types';
import { notifyError, notifySuccess, type ToastMessage } from './notify';
import { warmRead } from './warm';
import { moneyInFlight } from '../telegram/effects';

export interface TwoDDeps {
  api: Api;
  /** The session actor: its `balance` child is refreshed after a bet; a 401 ends the session. */
  authActor: AnyActorRef;
}

/** Spec §3: the bet selection waits in localStorage under this key until it is placed. */
export const DRAFT_KEY = 'twoDBet';
export const SLIP_URL: Record<TwoDSession, string> = { morning: '/morning-bet-slip', evening: '/evening-bet-slip' };

/** The draft as last written, for when the browser refuses storage (private mode). */
let memoryDraft: TwoDDraft | null = null;

/** The stored draft, or null (none, or not ours). The machine checks its lines. */
export function readDraft(): TwoDDraft | null {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as TwoDDraft) : null;
  } catch {
    return memoryDraft;
  }
}

function writeDraft(draft: TwoDDraft): void {
  memoryDraft = draft.amounts.length ? { totalAmount: draft.totalAmount, amounts: draft.amounts, ...(draft.session ? { session: draft.session } : {}) } : null;
  try {
    if (memoryDraft) localStorage.setItem(DRAFT_KEY, JSON.stringify(memoryDraft));
    else localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Private mode: the selection lives as long as the page (memoryDraft).
  }
}

function removeDraft(): void {
  memoryDraft = null;
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** Navigates unless already there (the browser's Back may have arrived first). */
function goTo(url: string): void {
  const here = window.location.pathname + window.location.search;
  if (here === url) return;
  navigate(url, { replace: window.location.pathname === url.split('?')[0] });
}

const resource = (load: () => Promise<unknown>) => resourceMachine.provide({ actors: { load: fromPromise(load) } });
const toast = (notify: (message: ToastMessage) => void) => (_: unknown, { message }: { message: ToastMessage }) => notify(message);

/** The bet flow: availability, placing the bet, the stored draft, its pages, toasts and the balance after a bet. */
function liveTwoDBet(twoD: TwoDApi, authActor: AnyActorRef) {
  return twoDBetMachine.provide({
    actors: {
      fetchAvailability: fromPromise(({ input }: { input: { session: TwoDSession | null } }) => twoD.availability(input.session ?? undefined)),
      submitBet: fromPromise(({ input }: { input: TwoDBetRequest }) => moneyInFlight(() => twoD.placeBet(input))),
    },
    actions: {
      persistDraft: (_, { draft }) => writeDraft(draft),
      clearDraft: removeDraft,
      goToConfirm: () => navigate('/2d/confirm'),
      goToBet: (_, { session }) => goTo(session ? `/2d/bet?time=${timeIdOf(session)}` : '/2d/bet'),
      goToSlip: (_, { session }) => navigate(SLIP_URL[session ?? 'morning']),
      // Spec: the confirm page leaves for home when nothing is stored; not a page to come back to.
      goHome: () => navigate('/', { replace: true }),
      notifySuccess: toast(notifySuccess),
      notifyError: toast(notifyError),
      refreshBalance: () => authActor.system.get('balance')?.send({ type: 'balance.refresh' }),
    },
  });
}

/**
 * Moving the game wallet's money to the main balance in place (decision 0032). `continueBet` does
 * nothing here: the confirm page provides its own (submit the bet) on top.
 */
function liveWalletMove(api: Api, authActor: AnyActorRef) {
  const wallet = walletApi(api);
  return walletMoveMachine.provide({
    actors: { moveMoney: fromPromise(({ input }: { input: ExchangeRequest }) => moneyInFlight(() => wallet.exchange(input))) },
    actions: {
      notifyMoved: (_, { amount }) => notifySuccess(notice('wallet_move.moved', { amount: `${formatAmount(amount, 0)} ${i18n.t('common.currency')}` })),
      refreshBalance: () => authActor.system.get('balance')?.send({ type: 'balance.refresh' }),
      continueBet: () => undefined,
    },
  });
}

export function createTwoDMachines({ api, authActor }: TwoDDeps) {
  const twoD = twoDApi(api);
  // The feed as the page came with it (boot, src/main.tsx): the board's first frame shows it.
  const warmLive = warmRead<LiveSnapshot>(5_000);

  return {
    liveFeed: liveFeedMachine.provide({ actors: { fetchLive: fromPromise(() => twoD.live()) } }),
    /** Reads the feed before the first render (answered from the page's embedded copy). */
    primeLive: () => warmLive.fill('live', () => twoD.live()),
    /** The feed's input: the snapshot primeLive read, while fresh (the feed still fetches at once). */
    liveInput: () => ({ snapshot: warmLive.peek('live') ?? null }),
    twoDBet: liveTwoDBet(twoD, authActor),
    walletMove: liveWalletMove(api, authActor),
    readDraft,
    dailyWinners: dailyWinnersMachine.provide({
      actors: {
        fetchWinners: fromPromise(({ input }: { input: FetchWinnersInput }) => twoD.dailyWinners(input.date, input.session ?? undefined)),
      },
      actions: {
        sessionExpired: () => authActor.send({ type: 'session.expired' }),
        goToLogin: () => navigate('/login', { replace: true }),
      },
    }),
    /** Today's slips of each draw: fresh on every visit. */
    morningSlips: resource(() => twoD.slips('morning')),
    eveningSlips: resource(() => twoD.slips('evening')),
    holidays: resource(() => twoD.holidays()),
  };
}

export type TwoDMachines = ReturnType<typeof createTwoDMachines>;
