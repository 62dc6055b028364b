import type { Api, Envelope } from './client';
import type { ChangePasswordInput, LoginInput, RegisterInput, Session, SetPasswordInput, TelegramSignInInput, User } from './types';

export function authApi(api: Api) {
  return {
    async login(input: LoginInput): Promise<Session> {
      const res = await api.request<Envelope<Session>>('/login', { method: 'POST', body: input });
      return res.data;
    },
    async register(input: RegisterInput): Promise<Session> {
      const res = await api.request<Envelope<Session>>('/register', { method: 'POST', body: input });
      return res.data;
    },
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
    async telegramSignIn(input: TelegramSignInInput): Promise<Session> {
      const res = await api.request<Envelope<Session>>('/auth/telegram', { method: 'POST', body: input });
      return res.data;
    },
    /** POST /auth/telegram/link: the logged-in player's next Telegram launch needs no password. */
    async linkTelegram(initData: string): Promise<User> {
      const res = await api.request<Envelope<{ user: User }>>('/auth/telegram/link', { method: 'POST', body: { init_data: initData } });
      return res.data.user;
    },
    /** DELETE /auth/telegram/link. */
    async unlinkTelegram(): Promise<User> {
      const res = await api.request<Envelope<{ user: User }>>('/auth/telegram/link', { method: 'DELETE' });
      return res.data.user;
    },
    /** POST /auth/password: a Telegram-only player's first password. */
    async setPassword(input: SetPasswordInput): Promise<User> {
      const res = await api.request<Envelope<{ user: User }>>('/auth/password', { method: 'POST', body: input });
      return res.data.user;
    },
  };
}

export type AuthApi = ReturnType<typeof authApi>;
