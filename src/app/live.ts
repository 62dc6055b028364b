/**
 * Composition root: the one API client, and the machines provided with real effects (HTTP via
 * src/api, toasts via sonner, navigation via wouter, the session in localStorage). Screens never
 * see any of this; they get the actors through src/app/session.tsx.
 */
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { markFreshAccount } from '../lib/open-sheets';
import { authApi, type AuthApi } from '../api/auth';
import { createApiClient, type Api } from '../api/client';
import type { ApiErrorInfo, LoginInput, RegisterInput } from '../api/types';
import { i18n } from '../i18n';
import type { Language } from '../../shared/languages';
import { speakRefusal } from '../i18n/refusals';
import { authMachine } from '../machines/auth/auth.machine';
import { balanceMachine } from '../machines/balance/balance.machine';
import type { ContentMachines } from './live-content';
import type { DigitMachines } from './live-digit';
import type { GameMachines } from './live-games';
import type { TelegramSignInActor } from './live-telegram';
import type { MoneyMachines } from './live-money';
import type { ProfileMachines } from './live-profile';
import type { ShanMachines } from './live-shan';
import type { TwoDMachines } from './live-two-d';
import { lazyChunk } from './chunk';
import { notifySuccess } from './notify';
import { safeReturnTo } from '../lib/return-to';
import { signUp } from '../lib/sign-up';
import { clearStoredSession, readToken, readUser, writeSession, writeUser } from './storage';

export const HOME_URL = '/?type=all';

export { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from './notify';
const logError = (_: unknown, params: { error: ApiErrorInfo }) => console.warn('[kyatplay]', params.error.status, params.error.message);

/**
 * After a login or registration: the player stays on the page they came from (the dialog closes
 * over it); on /login itself, to its `returnTo` (a path of ours) or home.
 */
function returnToOrigin(): void {
  if (location.pathname.toLowerCase() !== '/login') return;
  navigate(safeReturnTo(location.search) ?? HOME_URL, { replace: true });
}

/** The one API client; 401s go to `onUnauthorized`, refusals are worded in the reader's language. */
function createClient(fetch: typeof globalThis.fetch | undefined, onUnauthorized: () => void) {
  return createApiClient({
    baseURL: import.meta.env.VITE_API_BASE ?? '/api',
    fetch,
    getToken: readToken,
    onUnauthorized,
    // Refusals in the reader's language: the server words them in X-Lang, the codes are worded here.
    getLanguage: () => i18n.language,
    speak: (refusal) => speakRefusal(i18n.language as Language, refusal),
  });
}

/** The session machine with its calls, the stored session, toasts and navigation; its `balance` child polls GET /user. */
function liveAuthMachine(auth: AuthApi) {
  const balance = balanceMachine.provide({
    actors: { fetchUser: fromPromise(() => auth.user()) },
    actions: { logError },
  });
  return authMachine.provide({
    actors: {
      loginUser: fromPromise(({ input }: { input: LoginInput }) => auth.login(input)),
      registerUser: fromPromise(({ input }: { input: RegisterInput }) => signUp(auth.register, input)),
      logoutUser: fromPromise(() => auth.logout()),
      balance,
    },
    actions: {
      persistSession: (_, session) => writeSession(session.token, session.user),
      persistUser: (_, { user }) => writeUser(user),
      clearSession: () => clearStoredSession(),
      notifyLoggedIn: () => notifySuccess(i18n.t('auth.loggedIn')),
      notifyRegistered: () => {
        markFreshAccount();
        notifySuccess(i18n.t('auth.registered'));
      },
      notifyLoggedOut: () => notifySuccess(i18n.t('auth.loggedOut')),
      returnToOrigin: () => returnToOrigin(),
      goHome: () => navigate(HOME_URL),
      logError,
    },
  });
}

/** The machines of each area are a chunk of their own, wired on first need (see session.tsx). */
function areaChunks(deps: { api: Api; auth: AuthApi; authActor: AnyActorRef }) {
  return {
    /** The profile's forms (password, Telegram link, notification switches) and the forced new password. */
    profile: lazyChunk(() => import('./live-profile').then((m) => m.createProfileMachines(deps))),
    /** The wallet and cashier machines. */
    money: lazyChunk(() => import('./live-money').then((m) => m.createMoneyMachines(deps))),
    /** The lobby, launch, content and game-log machines. */
    games: lazyChunk(() => import('./live-games').then((m) => m.createGameMachines(deps))),
    /** The 2D lottery's machines and calls. */
    twoD: lazyChunk(() => import('./live-two-d').then((m) => m.createTwoDMachines(deps))),
    /** The Shan launcher's machine and calls. */
    shan: lazyChunk(() => import('./live-shan').then((m) => m.createShanMachines(deps))),
    /** Digit Bet and its fairness page. */
    digit: lazyChunk(() => import('./live-digit').then((m) => m.createDigitMachines(deps))),
    /** Promotions, contact channels and video ads. */
    content: lazyChunk(() => import('./live-content').then((m) => m.createContentMachines(deps))),
  };
}

/** `fetch`: the page's embedded first-screen answers before the network (./boot-data.ts). */
export function createLive(opts: { fetch?: typeof globalThis.fetch } = {}) {
  // The actor does not exist yet when the client is made; 401s are routed to it once it does.
  let onUnauthorized = () => {};
  const api = createClient(opts.fetch, () => onUnauthorized());
  const auth = authApi(api);
  const authActor = createActor(liveAuthMachine(auth), { input: { token: readToken(), user: readUser() } });
  onUnauthorized = () => authActor.send({ type: 'session.expired' });
  const chunks = areaChunks({ api, auth, authActor });

  return {
    authActor,
    /** The auth calls, for the Telegram sign-in wiring (./live-telegram); screens never see them. */
    auth,
    /** Telegram's silent sign-in (set at boot inside Telegram; null on the web). */
    telegram: null as TelegramSignInActor | null,
    chunks,
    // The boot (src/main.tsx) warms chunks by these names; they are the table's loaders.
    loadMoneyMachines: chunks.money,
    loadGameMachines: chunks.games,
    loadTwoDMachines: chunks.twoD,
    loadDigitMachines: chunks.digit,
    loadShanMachines: chunks.shan,
    loadContentMachines: chunks.content,
  };
}

export type Live = ReturnType<typeof createLive>;
export type AuthActor = Live['authActor'];
/** Each chunk's loader by name; `useChunk(name)` in session.tsx reads one. */
export type LiveChunks = Live['chunks'];
export type { ContentMachines, DigitMachines, GameMachines, MoneyMachines, ProfileMachines, ShanMachines, TwoDMachines };
