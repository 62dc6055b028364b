import type { Api, Envelope } from './client';
import type { ChangePasswordInput, LoginInput, RegisterInput, Session, User } from './types';

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
  };
}

export type AuthApi = ReturnType<typeof authApi>;
