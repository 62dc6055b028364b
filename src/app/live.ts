/**
 * Composition root: the one API client, and the machines provided with real effects (HTTP via
 * src/api, toasts via sonner, navigation via wouter, the session in localStorage). Screens never
 * see any of this; they get the actors through src/app/session.tsx.
 */
import { createActor, fromPromise } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { authApi } from '../api/auth';
import { createApiClient } from '../api/client';
import type { ApiErrorInfo, ChangePasswordInput, LoginInput, RegisterInput } from '../api/types';
import { i18n } from '../i18n';
import { authMachine } from '../machines/auth/auth.machine';
import { balanceMachine } from '../machines/balance/balance.machine';
import { changePasswordMachine } from '../machines/change-password/change-password.machine';
import { showToast } from './toasts';
import { clearStoredSession, readToken, readUser, writeSession, writeUser } from './storage';

export const HOME_URL = '/?type=all';
export const PROFILE_URL = '/information?tab=profile';

/** Spec §8/§9: success toasts last 2 s, error toasts 4 s. */
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_ERROR_MS = 4000;

const notifySuccess = (message: string) => showToast({ kind: 'success', message, duration: TOAST_SUCCESS_MS });
const notifyError = (message: string) => showToast({ kind: 'error', message, duration: TOAST_ERROR_MS });
const logError = (_: unknown, params: { error: ApiErrorInfo }) => console.warn('[kyatplay]', params.error.status, params.error.message);

export function createLive() {
  // The actor does not exist yet when the client is made; 401s are routed to it once it does.
  let onUnauthorized = () => {};
  const api = createApiClient({
    baseURL: import.meta.env.VITE_API_BASE ?? '/api',
    getToken: readToken,
    onUnauthorized: () => onUnauthorized(),
  });
  const auth = authApi(api);

  const balance = balanceMachine.provide({
    actors: { fetchUser: fromPromise(() => auth.user()) },
    actions: { logError },
  });

  const liveAuthMachine = authMachine.provide({
    actors: {
      loginUser: fromPromise(({ input }: { input: LoginInput }) => auth.login(input)),
      registerUser: fromPromise(({ input }: { input: RegisterInput }) => auth.register(input)),
      logoutUser: fromPromise(() => auth.logout()),
      balance,
    },
    actions: {
      persistSession: (_, session) => writeSession(session.token, session.user),
      persistUser: (_, { user }) => writeUser(user),
      clearSession: () => clearStoredSession(),
      notifyLoggedIn: () => notifySuccess(i18n.t('auth.loggedIn')),
      notifyRegistered: () => notifySuccess(i18n.t('auth.registered')),
      notifyLoggedOut: () => notifySuccess(i18n.t('auth.loggedOut')),
      goHome: () => navigate(HOME_URL),
      logError,
    },
  });

  const liveChangePasswordMachine = changePasswordMachine.provide({
    actors: {
      changePassword: fromPromise(({ input }: { input: ChangePasswordInput }) => auth.changePassword(input)),
    },
    actions: {
      notifyPasswordChanged: () => notifySuccess(i18n.t('profile.passwordChanged')),
      goToProfile: () => navigate(PROFILE_URL),
      notifyError: (_, { message }) => notifyError(message),
    },
  });

  const authActor = createActor(liveAuthMachine, { input: { token: readToken(), user: readUser() } });
  onUnauthorized = () => authActor.send({ type: 'session.expired' });

  return {
    authActor,
    machines: { changePassword: liveChangePasswordMachine },
  };
}

export type Live = ReturnType<typeof createLive>;
export type AuthActor = Live['authActor'];
export type LiveMachines = Live['machines'];
