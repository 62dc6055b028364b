/**
 * Broadcasts from the console (docs/telegram.md § Broadcasts): a message in the four languages,
 * an optional image and button, to the players who opted in to announcements (optionally one
 * agent's). A draft first; a preview to the operator's own chat (one message per language); only
 * a previewed draft is sent. Sending queues one outbox row per player (telegram_outbox.broadcast_id)
 * in ONE transaction: a failure queues none, a repeat queues nothing more (the dedupe key
 * `announcement:<broadcast>:<player>`). The sender delivers them after every player's event
 * (priority 1). Progress is counted from the outbox.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { agents, telegramBroadcasts, telegramOutbox, users, type BroadcastButton, type BroadcastTexts, type OutboxButton } from '../../db/schema';
import type { Db } from '../../db/client';
import { refuse } from '../../i18n/refusals';
import type { DbOrTx } from '../ledger';
import { Refusal } from '../refusal';
import { enqueueTelegram, enqueueTelegramMany, type OutboxMessage } from './outbox';
import { audience } from './preferences';
import type { BotLang } from './words';

export const BROADCAST_LANGS: readonly BotLang[] = ['en', 'mm', 'zh', 'th'];
/** Telegram's limits: a message's text, and a photo's caption. */
export const TEXT_MAX = 4096;
export const CAPTION_MAX = 1024;

export type BroadcastRow = typeof telegramBroadcasts.$inferSelect;

export interface BroadcastDraft {
  texts: BroadcastTexts;
  image: string | null;
  button: BroadcastButton | null;
  agentId: number | null;
}

/** Where the image is served: the site (PUBLIC_URL). A page button's Mini App URL is the sender's. */
export interface LinkContext {
  publicUrl: string;
}

export interface BroadcastProgress {
  /** Messages queued for it in all (its audience when sent). */
  total: number;
  /** Waiting or being handed to Telegram. */
  queued: number;
  sent: number;
  /** Refused by Telegram, the chat blocked the bot, or the player stopped messages meanwhile. */
  failed: number;
  failures: { userId: number | null; userName: string | null; status: string; error: string | null }[];
}

const FAILED = ['failed', 'dropped', 'unknown'];
const WAITING = ['pending', 'sending'];
const FAILURES_SHOWN = 50;

export async function createBroadcast(db: DbOrTx, draft: BroadcastDraft, by: string, now: Date): Promise<BroadcastRow> {
  const [row] = await db
    .insert(telegramBroadcasts)
    .values({ texts: draft.texts, image: draft.image, button: draft.button, agentId: draft.agentId, createdBy: by, createdAt: now })
    .returning();
  return row!;
}

async function broadcastOrRefuse(db: DbOrTx, id: number, lock = false): Promise<BroadcastRow> {
  const query = db.select().from(telegramBroadcasts).where(eq(telegramBroadcasts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new Refusal('not_found', refuse('broadcast.not_found'));
  return row;
}

/** The broadcast's message in one language, as the outbox keeps it. */
export function renderBroadcast(row: Pick<BroadcastRow, 'texts' | 'image' | 'button'>, lang: BotLang, links: LinkContext) {
  const button = row.button ? broadcastButton(row.button, lang) : null;
  return { text: row.texts[lang], photo: row.image ? new URL(row.image, links.publicUrl).toString() : null, button };
}

function broadcastButton(button: BroadcastButton, lang: BotLang): OutboxButton {
  const text = button.texts[lang];
  return button.url ? { text, url: button.url } : { text, page: button.page };
}

/**
 * Sends the draft to one chat (the operator's own), once in each language, and marks it previewed.
 * Each preview is its own event (a second preview is sent again).
 */
export async function previewBroadcast(db: Db, id: number, chatId: number, links: LinkContext, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await broadcastOrRefuse(tx, id, true);
    if (row.status !== 'draft') throw new Refusal('refused', refuse('broadcast.already_sent'));
    for (const lang of BROADCAST_LANGS) {
      const message = renderBroadcast(row, lang, links);
      await enqueueTelegram(tx, { chatId, kind: 'preview', dedupeKey: `preview:${id}:${chatId}:${lang}:${now.getTime()}`, ...message, priority: 0 });
    }
    await tx.update(telegramBroadcasts).set({ previewedAt: now }).where(eq(telegramBroadcasts.id, id));
    return BROADCAST_LANGS.length;
  });
}

/**
 * Queues the broadcast for its audience (players opted in to announcements, not stopped, chat not
 * blocked; one agent's when it names one), each in their language, in one transaction under the
 * draft's row lock: sent once, only after a preview.
 */
export async function sendBroadcast(db: Db, id: number, links: LinkContext, now: Date): Promise<BroadcastRow> {
  return db.transaction(async (tx) => {
    const row = await broadcastOrRefuse(tx, id, true);
    if (row.status !== 'draft') throw new Refusal('refused', refuse('broadcast.already_sent'));
    if (!row.previewedAt) throw new Refusal('refused', refuse('broadcast.preview_first'));
    const players = await audience(tx, 'announcements', row.agentId === null ? {} : { agentId: row.agentId });
    const rendered = new Map(BROADCAST_LANGS.map((lang) => [lang, renderBroadcast(row, lang, links)]));
    const messages: OutboxMessage[] = players.map((p) => ({
      chatId: p.chatId,
      userId: p.userId,
      kind: 'announcement',
      dedupeKey: `announcement:${id}:${p.userId}`,
      ...rendered.get(p.lang)!,
      priority: 1,
      broadcastId: id,
    }));
    const queued = messages.length ? await enqueueTelegramMany(tx, messages) : 0;
    const [saved] = await tx.update(telegramBroadcasts).set({ status: 'sent', queued, sentAt: now }).where(eq(telegramBroadcasts.id, id)).returning();
    return saved!;
  });
}

/** How far a sent broadcast got: counts by outcome, and the failures (latest first, at most 50). */
export async function broadcastProgress(db: DbOrTx, id: number): Promise<BroadcastProgress> {
  const counts = await db
    .select({ status: telegramOutbox.status, n: count() })
    .from(telegramOutbox)
    .where(eq(telegramOutbox.broadcastId, id))
    .groupBy(telegramOutbox.status);
  const sum = (statuses: string[]) => counts.filter((c) => statuses.includes(c.status)).reduce((a, c) => a + Number(c.n), 0);
  const failures = await db
    .select({ userId: telegramOutbox.userId, userName: users.userName, status: telegramOutbox.status, error: telegramOutbox.lastError })
    .from(telegramOutbox)
    .leftJoin(users, eq(users.id, telegramOutbox.userId))
    .where(and(eq(telegramOutbox.broadcastId, id), inArray(telegramOutbox.status, FAILED)))
    .orderBy(desc(telegramOutbox.id))
    .limit(FAILURES_SHOWN);
  return { total: sum([...WAITING, 'sent', ...FAILED]), queued: sum(WAITING), sent: sum(['sent']), failed: sum(FAILED), failures };
}

/** One broadcast, the referral code of the agent it is for (if any), and its progress. */
export async function getBroadcast(db: DbOrTx, id: number): Promise<{ row: BroadcastRow; agentCode: string | null; progress: BroadcastProgress }> {
  const row = await broadcastOrRefuse(db, id);
  const [agent] = row.agentId === null ? [] : await db.select({ code: agents.referralCode }).from(agents).where(eq(agents.id, row.agentId));
  return { row, agentCode: agent?.code ?? null, progress: await broadcastProgress(db, id) };
}

/** The broadcasts, newest first, a page at a time, with the agent's referral code when one was chosen. */
export async function listBroadcasts(db: DbOrTx, page: { limit: number; offset: number } = { limit: 20, offset: 0 }): Promise<{ rows: (BroadcastRow & { agentCode: string | null })[]; total: number }> {
  const rows = await db
    .select({ ...telegramBroadcastsColumns(), agentCode: agents.referralCode })
    .from(telegramBroadcasts)
    .leftJoin(agents, eq(agents.id, telegramBroadcasts.agentId))
    .orderBy(desc(telegramBroadcasts.id))
    .limit(page.limit)
    .offset(page.offset);
  const [all] = await db.select({ n: count() }).from(telegramBroadcasts);
  return { rows, total: Number(all?.n ?? 0) };
}

export type BroadcastCounts = Omit<BroadcastProgress, 'failures'>;

/** How far each of these broadcasts got (waiting, sent, failed), in one read of the outbox. */
export async function broadcastCounts(db: DbOrTx, ids: number[]): Promise<Map<number, BroadcastCounts>> {
  const counts = new Map(ids.map((id) => [id, { total: 0, queued: 0, sent: 0, failed: 0 }]));
  if (!ids.length) return counts;
  const rows = await db
    .select({ id: telegramOutbox.broadcastId, status: telegramOutbox.status, n: count() })
    .from(telegramOutbox)
    .where(inArray(telegramOutbox.broadcastId, ids))
    .groupBy(telegramOutbox.broadcastId, telegramOutbox.status);
  for (const r of rows) {
    const c = counts.get(Number(r.id));
    const n = Number(r.n);
    if (!c) continue;
    if (WAITING.includes(r.status)) c.queued += n;
    else if (r.status === 'sent') c.sent += n;
    else if (FAILED.includes(r.status)) c.failed += n;
    else continue;
    c.total += n;
  }
  return counts;
}

const telegramBroadcastsColumns = () => ({
  id: telegramBroadcasts.id,
  texts: telegramBroadcasts.texts,
  image: telegramBroadcasts.image,
  button: telegramBroadcasts.button,
  agentId: telegramBroadcasts.agentId,
  status: telegramBroadcasts.status,
  queued: telegramBroadcasts.queued,
  createdBy: telegramBroadcasts.createdBy,
  createdAt: telegramBroadcasts.createdAt,
  previewedAt: telegramBroadcasts.previewedAt,
  sentAt: telegramBroadcasts.sentAt,
});
