/**
 * Composition root, profile part: the profile's forms and the forced new password, provided with
 * real effects. Their own chunk, loaded when the profile page or the forced-password screen first
 * needs it (none of it is on a first screen). Created once per app by live.ts.
 */
import { fromPromise, type AnyActorRef } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import type { AuthApi } from '../api/auth';
import type { Api } from '../api/client';
import { notificationsApi, type NotificationChange, type NotificationsApi } from '../api/notifications';
import type { ChangePasswordInput, SetPasswordInput, User } from '../api/types';
import { i18n } from '../i18n';
import { changePasswordMachine } from '../machines/change-password/change-password.machine';
import { notificationSettingsMachine } from '../machines/notification-settings/notification-settings.machine';
import { telegramLinkMachine } from '../machines/telegram-link/telegram-link.machine';
import { notifyError, notifySuccess } from './notify';

/** Where a saved password form returns to: the profile tab. */
export const PROFILE_URL = '/information?tab=profile';

export interface ProfileDeps {
  api: Api;
  auth: AuthApi;
  /** The session actor: a saved form that changes the player tells it (`user.changed`). */
  authActor: AnyActorRef;
}

export function createProfileMachines({ api, auth, authActor }: ProfileDeps) {
  const storeUser = (user: User) => authActor.send({ type: 'user.changed', user });
  return { ...profileMachines(auth, storeUser), notificationSettings: notificationSettingsOf(notificationsApi(api)) };
}

export type ProfileMachines = ReturnType<typeof createProfileMachines>;

/**
 * The profile's forms: change password, a Telegram-only player's first password, the Telegram link;
 * and the new password a player must choose after an operator's reset (decision 0034): once it is
 * saved, the player as the server now sees them ends the forced screen where the player stands.
 */
// Long because it provides the profile's four form machines with their effects side by side, one place that says what each form does after saving.
function profileMachines(auth: AuthApi, storeUser: (user: User) => void) {
  const passwordEffects = { goToProfile: () => navigate(PROFILE_URL), notifyError: (_: unknown, { message }: { message: string }) => notifyError(message) };
  const changePassword = changePasswordMachine.provide({
    actors: {
      // The change form always sends the current password (ChangePasswordForm in 'change' mode).
      changePassword: fromPromise(({ input }: { input: ChangePasswordInput | SetPasswordInput }) => auth.changePassword(input as ChangePasswordInput)),
    },
    actions: { notifyPasswordChanged: () => notifySuccess(i18n.t('profile.passwordChanged')), ...passwordEffects },
  });
  // A Telegram-only player's first password: the same form flow, another call.
  const setPassword = changePasswordMachine.provide({
    actors: {
      changePassword: fromPromise(async ({ input }: { input: ChangePasswordInput | SetPasswordInput }) => {
        storeUser(await auth.setPassword({ password: input.password, password_confirmation: input.password_confirmation }));
        return 'Password set.';
      }),
    },
    actions: { notifyPasswordChanged: () => notifySuccess(i18n.t('profile.passwordSet')), ...passwordEffects },
  });
  const telegramLink = telegramLinkMachine.provide({
    actors: {
      linkTelegram: fromPromise(({ input }: { input: { initData: string } }) => auth.linkTelegram(input.initData)),
      unlinkTelegram: fromPromise(() => auth.unlinkTelegram()),
    },
    actions: {
      storeUser: (_, { user }) => storeUser(user),
      notifyLinked: () => notifySuccess(i18n.t('telegram.linked')),
      notifyUnlinked: () => notifySuccess(i18n.t('telegram.unlinked')),
    },
  });
  const forcedPassword = changePasswordMachine.provide({
    actors: {
      changePassword: fromPromise(async ({ input }: { input: ChangePasswordInput | SetPasswordInput }) => {
        const message = await auth.changePassword(input as ChangePasswordInput);
        storeUser(await auth.user());
        return message;
      }),
    },
    actions: {
      notifyPasswordChanged: () => notifySuccess(i18n.t('profile.passwordChanged')),
      goToProfile: () => undefined,
      notifyError: passwordEffects.notifyError,
    },
  });
  return { changePassword, setPassword, forcedPassword, telegramLink };
}

/** The profile's Telegram messages section: its switches read and saved through GET/PUT /notifications. */
function notificationSettingsOf(notifications: NotificationsApi) {
  return notificationSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise(() => notifications.read()),
      saveSettings: fromPromise(({ input }: { input: NotificationChange }) => notifications.save(input)),
    },
    actions: { notifyError: (_, { message }) => notifyError(message) },
  });
}

