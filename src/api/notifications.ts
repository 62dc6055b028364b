import type { Api, Envelope } from './client';

/** The kinds of Telegram message a player can turn on or off (GET/PUT /api/notifications). */
export const NOTIFICATION_KINDS = ['deposit', 'withdraw', 'two_d', 'adjustment', 'announcements', 'two_d_results'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationSettings {
  telegram_linked: boolean;
  /** The player's Telegram chat blocked the bot: nothing arrives until they press Start in it. */
  blocked: boolean;
  /** /stop in the bot: only security notices come. */
  stopped: boolean;
  /** Always true: security notices cannot be turned off. */
  security: true;
  kinds: Record<NotificationKind, boolean>;
}

export type NotificationChange = Partial<Record<NotificationKind, boolean>> & { stopped?: boolean };

/** The player's Telegram message switches (docs/telegram.md § Messages). */
export function notificationsApi(api: Api) {
  return {
    read: async (): Promise<NotificationSettings> => (await api.request<Envelope<NotificationSettings>>('/notifications')).data,
    save: async (change: NotificationChange): Promise<NotificationSettings> =>
      (await api.request<Envelope<NotificationSettings>>('/notifications', { method: 'PUT', body: change })).data,
  };
}

export type NotificationsApi = ReturnType<typeof notificationsApi>;
