/**
 * A player's Telegram message preferences (notification_preferences; no row = the defaults): which
 * kinds they get, /stop, their language for messages, and the chats that blocked the bot.
 * Event kinds default on; announcements and daily 2D results are opt-in; security notices have no
 * switch (docs/telegram.md § Messages).
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/types';
import { notificationPreferences, telegramChats, users } from '../../db/schema';
import { botLangOf, type BotLang } from './words';

export const PREFERENCE_KINDS = ['deposit', 'withdraw', 'two_d', 'adjustment', 'announcements', 'two_d_results'] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

export type Preferences = Record<PreferenceKind, boolean> & {
  stopped: boolean;
  language: BotLang | null;
  /** Telegram's language_code as last seen, already as a bot language. */
  telegramLanguage: BotLang | null;
};

export const DEFAULT_PREFERENCES: Preferences = {
  deposit: true,
  withdraw: true,
  two_d: true,
  adjustment: true,
  announcements: false,
  two_d_results: false,
  stopped: false,
  language: null,
  telegramLanguage: null,
};

const COLUMN = {
  deposit: 'deposit',
  withdraw: 'withdraw',
  two_d: 'twoD',
  adjustment: 'adjustment',
  announcements: 'announcements',
  two_d_results: 'twoDResults',
} as const satisfies Record<PreferenceKind, keyof typeof notificationPreferences.$inferSelect>;

type Row = typeof notificationPreferences.$inferSelect;

function fromRow(row: Row | undefined): Preferences {
  if (!row) return { ...DEFAULT_PREFERENCES };
  const kinds = Object.fromEntries(PREFERENCE_KINDS.map((kind) => [kind, row[COLUMN[kind]]])) as Record<PreferenceKind, boolean>;
  return {
    ...kinds,
    stopped: row.stopped,
    language: (row.language as BotLang | null) ?? null,
    telegramLanguage: (row.telegramLanguage as BotLang | null) ?? null,
  };
}

export async function readPreferences(tx: DbOrTx, userId: number): Promise<Preferences> {
  const [row] = await tx.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return fromRow(row);
}

/** Upserts the given switches (others keep their value or default); returns the result. */
export async function writePreferences(tx: DbOrTx, userId: number, patch: Partial<Record<PreferenceKind, boolean>>): Promise<Preferences> {
  const set: Partial<Row> = {};
  for (const kind of PREFERENCE_KINDS) if (typeof patch[kind] === 'boolean') (set as Record<string, boolean>)[COLUMN[kind]] = patch[kind]!;
  return upsert(tx, userId, set);
}

async function upsert(tx: DbOrTx, userId: number, set: Partial<Row>): Promise<Preferences> {
  const values = { ...set, userId, updatedAt: new Date() };
  const [row] = await tx
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...set, updatedAt: values.updatedAt } })
    .returning();
  return fromRow(row);
}

/** /stop (true): nothing but security notices; /start or the profile turns messages back on (false). */
export async function setStopped(tx: DbOrTx, userId: number, stopped: boolean): Promise<void> {
  await upsert(tx, userId, { stopped });
}

/** The player's chosen language for messages (the app's X-Lang at sign-in and in the profile, the bot's /language). */
export async function setLanguage(tx: DbOrTx, userId: number, lang: BotLang): Promise<void> {
  const [row] = await tx.select({ language: notificationPreferences.language }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  if (row?.language === lang) return;
  await upsert(tx, userId, { language: lang });
}

/** Telegram's language_code as last seen (sign-in, link, any update), stored as a bot language. */
export async function setTelegramLanguage(tx: DbOrTx, userId: number, code: string | null | undefined): Promise<void> {
  if (!code) return;
  const lang = botLangOf(code);
  const [row] = await tx.select({ t: notificationPreferences.telegramLanguage }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  if (row?.t === lang) return;
  await upsert(tx, userId, { telegramLanguage: lang });
}

/** The language a message goes out in: the chosen one, else Telegram's, else English. */
export function messageLanguage(p: Pick<Preferences, 'language' | 'telegramLanguage'>): BotLang {
  return p.language ?? p.telegramLanguage ?? 'en';
}

/** The chat talks to the bot again (/start): the sender may message it. */
export async function unblockChat(tx: DbOrTx, chatId: number): Promise<void> {
  await tx.update(telegramChats).set({ blockedAt: null }).where(and(eq(telegramChats.chatId, chatId), isNotNull(telegramChats.blockedAt)));
}

export async function isChatBlocked(tx: DbOrTx, chatId: number): Promise<boolean> {
  const [row] = await tx.select({ blockedAt: telegramChats.blockedAt }).from(telegramChats).where(eq(telegramChats.chatId, chatId));
  return row?.blockedAt != null;
}

/**
 * The players a bulk message of `kind` goes to: linked, opted in, not stopped, chat not blocked;
 * optionally only one agent's players. Ordered by user id.
 */
export async function audience(
  tx: DbOrTx,
  kind: 'announcements' | 'two_d_results',
  opts: { agentId?: number } = {},
): Promise<Array<{ userId: number; chatId: number; lang: BotLang }>> {
  const p = notificationPreferences;
  const optedIn = kind === 'announcements' ? p.announcements : p.twoDResults;
  const rows = await tx
    .select({ userId: users.id, chatId: users.telegramId, language: p.language, telegramLanguage: p.telegramLanguage })
    .from(users)
    .innerJoin(p, eq(p.userId, users.id))
    .leftJoin(telegramChats, eq(telegramChats.chatId, users.telegramId))
    .where(
      and(
        isNotNull(users.telegramId),
        eq(optedIn, true),
        eq(p.stopped, false),
        isNull(telegramChats.blockedAt),
        eq(users.status, 1),
        opts.agentId === undefined ? undefined : eq(users.agentId, opts.agentId),
      ),
    )
    .orderBy(users.id);
  return rows.map((r) => ({
    userId: r.userId,
    chatId: r.chatId!,
    lang: messageLanguage({ language: r.language as BotLang | null, telegramLanguage: r.telegramLanguage as BotLang | null }),
  }));
}

/** What the profile's "Telegram messages" section shows (GET/PUT /api/notifications). */
export interface NotificationSettings {
  telegramLinked: boolean;
  /** The player's chat blocked the bot (a 403): nothing arrives until they /start it again. */
  blocked: boolean;
  preferences: Preferences;
}

export async function notificationSettings(tx: DbOrTx, userId: number): Promise<NotificationSettings> {
  const [user] = await tx.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, userId));
  const chatId = user?.telegramId ?? null;
  return {
    telegramLinked: chatId !== null,
    blocked: chatId !== null && (await isChatBlocked(tx, chatId)),
    preferences: await readPreferences(tx, userId),
  };
}

/** The profile's save: the switches given, /stop's flag if given, and the app's language — one transaction. */
export async function saveNotificationSettings(
  db: Db,
  userId: number,
  change: { kinds: Partial<Record<PreferenceKind, boolean>>; stopped?: boolean; lang: BotLang },
): Promise<NotificationSettings> {
  await db.transaction(async (tx) => {
    await writePreferences(tx, userId, change.kinds);
    if (change.stopped !== undefined) await setStopped(tx, userId, change.stopped);
    await setLanguage(tx, userId, change.lang);
  });
  return notificationSettings(db, userId);
}
