/**
 * Broadcasts from the console (docs/telegram.md § Broadcasts; content role and the owner):
 * - POST /broadcasts: a draft — text_en/mm/zh/th (all four), image (a stored /assets/media/… path,
 *   POST /media), a button (button_en/mm/zh/th with button_url or button_page), agent_code (only
 *   that agent's players);
 * - POST /broadcasts/:id/preview { chat_id }: the draft to the operator's chat, once per language;
 * - POST /broadcasts/:id/send: to every player who opted in to announcements (refused before a preview);
 * - GET /broadcasts?page=: the drafts and sent ones, newest first, paged (Laravel's paginator), each
 *   with its counts (queued, sent, failed); GET /broadcasts/:id: one, with its failures too.
 * Each change runs in the audit transaction (audited.ts); the domain is domain/telegram/broadcasts.ts.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import { START_PAGES } from '../../../shared/start-param';
import { agentIdByReferralCode } from '../../domain/agents';
import {
  CAPTION_MAX,
  TEXT_MAX,
  broadcastCounts,
  createBroadcast,
  getBroadcast,
  listBroadcasts,
  previewBroadcast,
  sendBroadcast,
  type BroadcastProgress,
  type BroadcastRow,
  type LinkContext,
} from '../../domain/telegram/broadcasts';
import { invalidInput, throwIfInvalid, type FieldErrors } from '../../domain/refusal';
import { refuse } from '../../i18n/refusals';
import { HttpError, ok } from '../../lib/http';
import { paginated, pageParam } from '../../lib/paginate';
import { checkBody, pathFields } from '../../lib/request-input';
import { optionalString } from '../../lib/schemas';
import { adminDb } from './audited';
import { idPath, notFound } from './schemas';

type Ctx = Context<AppEnv>;
const LANGS = ['en', 'mm', 'zh', 'th'] as const;
const BUTTON_MAX = 64;
const LIST_PER_PAGE = 10;
const MEDIA_PATH = /^\/assets\/media\/[0-9a-f]{64}\.(png|jpe?g|webp|gif)$/;

const draftBody = {
  text_en: optionalString('text_en', { max: TEXT_MAX }),
  text_mm: optionalString('text_mm', { max: TEXT_MAX }),
  text_zh: optionalString('text_zh', { max: TEXT_MAX }),
  text_th: optionalString('text_th', { max: TEXT_MAX }),
  image: optionalString('image', { max: 200, pattern: MEDIA_PATH }),
  button_en: optionalString('button_en', { max: BUTTON_MAX }),
  button_mm: optionalString('button_mm', { max: BUTTON_MAX }),
  button_zh: optionalString('button_zh', { max: BUTTON_MAX }),
  button_th: optionalString('button_th', { max: BUTTON_MAX }),
  button_url: optionalString('button_url', { max: 500, pattern: /^https:\/\/[^\s]+$/ }),
  button_page: optionalString('button_page', { max: 20 }),
  agent_code: optionalString('agent_code', { max: 32 }),
};
type DraftValues = Partial<z.output<z.ZodObject<typeof draftBody>>>;

const previewBody = {
  chat_id: z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d{1,16}$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: refuse('field.required', { field: 'chat_id' }) }).int({ error: refuse('field.integer', { field: 'chat_id' }) }).refine((n) => n !== 0 && Number.isSafeInteger(n), { error: refuse('field.integer', { field: 'chat_id' }) }),
  ),
};

const idOf = (c: Ctx) => pathFields(c, idPath(), notFound('No such broadcast.')).id;

/** Where the image is served from; nothing goes out without the bot, nor an image without PUBLIC_URL. */
function linksOf(deps: Deps, withImage: boolean): LinkContext {
  const publicUrl = deps.env.PUBLIC_URL;
  if (!deps.env.TELEGRAM_BOT_TOKEN || (withImage && !publicUrl)) throw new HttpError(409, refuse('broadcast.bot_off'));
  return { publicUrl: publicUrl ?? 'http://localhost/' };
}

/** The four texts (each required; a caption under a photo is shorter) and the button's rules. */
function draftErrors(v: DraftValues): FieldErrors {
  const errors: FieldErrors = {};
  const max = v.image ? CAPTION_MAX : TEXT_MAX;
  for (const lang of LANGS) {
    const text = v[`text_${lang}`];
    if (!text) errors[`text_${lang}`] = [refuse('field.required', { field: `text_${lang}` })];
    else if (text.length > max) errors[`text_${lang}`] = [refuse('field.max_chars', { field: `text_${lang}`, max })];
  }
  const labelled = LANGS.some((lang) => v[`button_${lang}`]);
  if (!labelled && !v.button_url && !v.button_page) return errors;
  for (const lang of LANGS) if (!v[`button_${lang}`]) errors[`button_${lang}`] = [refuse('field.required', { field: `button_${lang}` })];
  if (Boolean(v.button_url) === Boolean(v.button_page)) errors.button_url = [refuse('broadcast.button_target')];
  if (v.button_page && !(START_PAGES as readonly string[]).includes(v.button_page)) errors.button_page = [refuse('field.selected_invalid', { field: 'button_page' })];
  return errors;
}

async function postBroadcast(c: Ctx, deps: Deps) {
  const { values, errors } = await checkBody(c, draftBody);
  const v = values as DraftValues;
  throwIfInvalid({ ...errors, ...draftErrors(v) });
  const db = adminDb(c, deps);
  const agentId = v.agent_code ? ((await agentIdByReferralCode(db, v.agent_code)) ?? null) : null;
  if (v.agent_code && agentId === null) throw invalidInput({ agent_code: [refuse('broadcast.no_agent')] });
  const texts = { en: v.text_en!, mm: v.text_mm!, zh: v.text_zh!, th: v.text_th! };
  const hasButton = Boolean(v.button_url || v.button_page);
  const button = hasButton
    ? { texts: { en: v.button_en!, mm: v.button_mm!, zh: v.button_zh!, th: v.button_th! }, ...(v.button_url ? { url: v.button_url } : { page: v.button_page! }) }
    : null;
  const row = await createBroadcast(db, { texts, image: v.image ?? null, button, agentId }, c.var.admin.actor.name, deps.clock.now());
  return ok(c, broadcastJson(row, v.agent_code ?? null), 'Broadcast saved.', 201);
}

async function postPreview(c: Ctx, deps: Deps) {
  const id = idOf(c);
  const { values, errors } = await checkBody(c, previewBody);
  throwIfInvalid(errors);
  const { row: draft } = await getBroadcast(adminDb(c, deps), id);
  const sent = await previewBroadcast(adminDb(c, deps), id, values.chat_id!, linksOf(deps, draft.image !== null), deps.clock.now());
  const { row, agentCode, progress } = await getBroadcast(adminDb(c, deps), id);
  return ok(c, { ...broadcastJson(row, agentCode), progress: progressJson(progress), previews: sent }, 'Preview queued.');
}

async function postSend(c: Ctx, deps: Deps) {
  const id = idOf(c);
  const { row: draft } = await getBroadcast(adminDb(c, deps), id);
  await sendBroadcast(adminDb(c, deps), id, linksOf(deps, draft.image !== null), deps.clock.now());
  const { row, agentCode, progress } = await getBroadcast(adminDb(c, deps), id);
  return ok(c, { ...broadcastJson(row, agentCode), progress: progressJson(progress) }, 'Broadcast queued.');
}

async function getOne(c: Ctx, deps: Deps) {
  const { row, agentCode, progress } = await getBroadcast(adminDb(c, deps), idOf(c));
  return ok(c, { ...broadcastJson(row, agentCode), progress: progressJson(progress) });
}

async function getList(c: Ctx, deps: Deps) {
  const db = adminDb(c, deps);
  const page = pageParam(c);
  const { rows, total } = await listBroadcasts(db, { limit: LIST_PER_PAGE, offset: (page - 1) * LIST_PER_PAGE });
  const counts = await broadcastCounts(db, rows.map((r) => r.id));
  const json = rows.map((r) => ({ ...broadcastJson(r, r.agentCode), progress: counts.get(r.id)! }));
  return ok(c, paginated(c, deps.env.PUBLIC_URL, json, total, page, LIST_PER_PAGE));
}

export function broadcastJson(row: BroadcastRow, agentCode?: string | null) {
  return {
    id: row.id,
    texts: row.texts,
    image: row.image,
    button: row.button,
    ...(agentCode !== undefined ? { agent_code: agentCode } : {}),
    agent_id: row.agentId,
    status: row.status,
    queued: row.queued,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    previewed_at: row.previewedAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

const progressJson = (p: BroadcastProgress) => ({
  total: p.total,
  queued: p.queued,
  sent: p.sent,
  failed: p.failed,
  failures: p.failures.map((f) => ({ user_id: f.userId, user_name: f.userName, status: f.status, error: f.error })),
});

export function broadcastRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.get('/broadcasts', (c) => getList(c, deps));
  routes.get('/broadcasts/:id', (c) => getOne(c, deps));
  routes.post('/broadcasts', (c) => postBroadcast(c, deps));
  routes.post('/broadcasts/:id/preview', (c) => postPreview(c, deps));
  routes.post('/broadcasts/:id/send', (c) => postSend(c, deps));
  return routes;
}
