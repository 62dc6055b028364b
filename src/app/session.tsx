import { createContext, use, useContext, useEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { balanceMachine } from '../machines/balance/balance.machine';
import { selectIsLoggedIn } from '../machines/auth/auth.selectors';
import type { TelegramSignInActor } from './live-telegram';
import { selectTelegramPending } from '../machines/telegram-sign-in/telegram-sign-in.selectors';
import type { AuthActor, ContentMachines, DigitMachines, GameMachines, LiveChunks, MoneyMachines, ProfileMachines, ShanMachines, TwoDMachines } from './live';

interface SessionValue {
  authActor: AuthActor;
  /** Telegram's silent sign-in inside Telegram; null on the web. */
  telegram: TelegramSignInActor | null;
  /** Each area's machines, a chunk of their own: the same promise on every call (src/app/chunk.ts). */
  chunks: LiveChunks;
}

const SessionContext = createContext<SessionValue | null>(null);

type AuthSnapshot = SnapshotFrom<AuthActor>;
type BalanceActor = ActorRefFrom<typeof balanceMachine>;

/** Forwards page visibility to the balance poller, which pauses while the page is hidden. */
function useVisibilityForwarding(authActor: AuthActor) {
  useEffect(() => {
    const onChange = () => {
      const poller = authActor.system.get('balance');
      poller?.send({ type: document.hidden ? 'page.hidden' : 'page.visible' });
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [authActor]);
}

/** Once a player is logged in, the money machines are fetched while the browser is idle. */
function usePrefetchMoney(value: SessionValue) {
  const loggedIn = useSelector(value.authActor, selectIsLoggedIn);
  useEffect(() => {
    if (!loggedIn) return;
    const load = () => void value.chunks.money().catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(load, 1500);
    return () => clearTimeout(id);
  }, [loggedIn, value]);
}

export function SessionProvider({ value, children }: { value: SessionValue; children: ReactNode }) {
  useVisibilityForwarding(value.authActor);
  usePrefetchMoney(value);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('SessionProvider is missing');
  return value;
}

export function useAuthActor(): AuthActor {
  return useSession().authActor;
}

/** The Telegram sign-in actor inside Telegram, null on the web. */
export function useTelegramSignIn(): TelegramSignInActor | null {
  return useSession().telegram;
}

const NO_ACTOR = { subscribe: () => ({ unsubscribe() {} }), getSnapshot: () => null } as never;

/** Whether Telegram's silent sign-in is still under way (false on the web). */
export function useTelegramPending(): boolean {
  const actor = useSession().telegram;
  return useSelector(actor ?? NO_ACTOR, (s) => (actor && s ? selectTelegramPending(s as never) : false));
}

/** Reads the session through one of the auth selectors. */
export function useAuth<T>(selector: (snapshot: AuthSnapshot) => T): T {
  return useSelector(useSession().authActor, selector);
}

/** The balance poller of the logged-in session (undefined while logged out). */
export function useBalancePoller(): BalanceActor | undefined {
  // The auth machine's children are typed as a union of all its actors; this one is the poller.
  return useAuth((snapshot) => snapshot.children.balance as BalanceActor | undefined);
}

/** The machines of one chunk; suspends (to the page's Suspense) until the chunk is in. */
export function useChunk<K extends keyof LiveChunks>(name: K): Awaited<ReturnType<LiveChunks[K]>> {
  // Indexing the table by a generic name gives a union of promises; this one is chunk K's.
  const load = useSession().chunks[name] as () => Promise<Awaited<ReturnType<LiveChunks[K]>>>;
  return use(load());
}

// The names screens import; each is `useChunk` of its chunk.
/** The wallet and cashier machines. */
export const useMoneyMachines = (): MoneyMachines => useChunk('money');
/** The lobby, launch, content and game-log machines. */
export const useGameMachines = (): GameMachines => useChunk('games');
/** The 2D lottery's machines. */
export const useTwoDMachines = (): TwoDMachines => useChunk('twoD');
/** The Shan launcher's machine. */
export const useShanMachines = (): ShanMachines => useChunk('shan');
/** Digit Bet's and the fairness page's machines. */
export const useDigitMachines = (): DigitMachines => useChunk('digit');
/** The profile's forms and the forced new password. */
export const useProfileMachines = (): ProfileMachines => useChunk('profile');
/** Promotions, contact channels and video ads. */
export const useContentMachines = (): ContentMachines => useChunk('content');

/** Domain shapes the games screens render (the API layer's types, via the composition root). */
export type { Banner, Game, GameLogRow, GameType, ProviderRef, TopWithdrawRow } from '../api/types';
/** Domain shapes the 2D screens render. */
export type {
  DrawWinners,
  LiveResult,
  NumberAvailability,
  Slip,
  SlipBet,
  TwoDAvailability,
  TwoDHoliday,
  TwoDLine,
  TwoDSession,
  TwoDWinner,
} from '../api/types';
/** Domain shapes the content screens render. */
export type { ContactChannel, Promotion, VideoAd } from '../api/types';
