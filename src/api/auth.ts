import type { Api, Envelope } from './client';
import type { ChangePasswordInput, LoginInput, RegisterInput, Session, SetPasswordInput, TelegramSignInInput, User } from './types';

export function authApi(api: Api) {
  /** A call whose answer is the envelope's `data`. */
  const data = <T>(path: string, method: 'POST' | 'DELETE', body?: object) =>
    api.request<Envelope<T>>(path, { method, body }).then((res) => res.data);
  /** The account calls that answer with the player (`{ user }`). */
  const user = (path: string, method: 'POST' | 'DELETE', body?: object) => data<{ user: User }>(path, method, body).then((d) => d.user);

  return {
    login: (input: LoginInput): Promise<Session> => data<Session>('/login', 'POST', input),
    /** POST /register; `device_id` and `altcha` (the proof of work, when asked) are optional (decision 0031). */
    register: (input: RegisterInput & { device_id?: string; altcha?: string }): Promise<Session> => data<Session>('/register', 'POST', input),
    async logout(): Promise<void> {
      await api.request('/logout', { method: 'POST' });
    },
    async user(): Promise<User> {
      const res = await api.request<Envelope<User> | User>('/user');
      return 'data' in res && res.data && typeof res.data === 'object' ? (res.data as User) : (res as User);
    },
    async changePassword(input: ChangePasswordInput): Promise<string> {
      const res = await api.request<Envelope<unknown>>('/change-password', { method: 'POST', body: input });
      return res.message ?? 'Password changed successfully';
    },
    /** POST /auth/telegram: the Mini App's init data signs in (or signs up under a referral). */
    telegramSignIn: (input: TelegramSignInInput): Promise<Session> => data<Session>('/auth/telegram', 'POST', input),
    /** POST /auth/telegram/link: the logged-in player's next Telegram launch needs no password. */
    linkTelegram: (initData: string): Promise<User> => user('/auth/telegram/link', 'POST', { init_data: initData }),
    /** DELETE /auth/telegram/link. */
    unlinkTelegram: (): Promise<User> => user('/auth/telegram/link', 'DELETE'),
    /** POST /auth/password: a Telegram-only player's first password. */
    setPassword: (input: SetPasswordInput): Promise<User> => user('/auth/password', 'POST', input),
  };
}

export type AuthApi = ReturnType<typeof authApi>;
