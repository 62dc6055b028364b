/**
 * What a flow tells the player, as data: a locale key with its values, worded by the view in the
 * reader's language (src/app/notice-text.ts) — or a text that is already in it (a server refusal,
 * worded from its code by src/api/client.ts). Machines and pure helpers hold notices, never
 * sentences that a view would have to match back to a translation.
 */
export type NoticeValues = Readonly<Record<string, string | number>>;

export type Notice = { readonly key: string; readonly values?: NoticeValues } | { readonly text: string };

/** A notice worded from the locale key `key` with `values`. */
export const notice = (key: string, values?: NoticeValues): Notice => (values ? { key, values } : { key });

/** A text already in the reader's language (a server refusal), shown as it is. */
export const spoken = (text: string): Notice => ({ text });

export const isNotice = (value: unknown): value is Notice =>
  !!value && typeof value === 'object' && (typeof (value as { key?: unknown }).key === 'string' || typeof (value as { text?: unknown }).text === 'string');
