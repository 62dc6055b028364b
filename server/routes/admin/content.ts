/**
 * The operator's content API (docs/operator.md § Content), under /api/admin behind the admin token:
 * banners, banner texts, pop-up ads, promotions, contact channels and video ads — list, create,
 * update, delete, reorder — and media uploads. JSON or multipart (files); 422 field errors.
 * A create or update answer names, in `zawgyi`, the texts that came in Zawgyi and were stored
 * converted to Unicode; `GET /content` gives the console the kinds' fields and the upload limits.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import {
  CONTENT_KINDS,
  KINDS,
  contentJson,
  createContent,
  deleteContent,
  findContent,
  isContentKind,
  listContent,
  orderIds,
  prepareContent,
  reorderContent,
  sizeMessage,
  updateContent,
  type ContentKind,
} from '../../domain/content';
import { contentMeta, zawgyiFields } from '../../domain/content/console-notes';
import { MediaRejected, mediaLimits, saveMedia, sniffMedia } from '../../domain/media';
import { OK_STATUS, fail, ok } from '../../lib/http';
import { readBody } from '../../lib/request-body';
import { bodyFields, checkPath, pathFields } from '../../lib/request-input';
import { fromCheck } from '../../lib/schemas';
import { throwIfInvalid } from '../../lib/validation';
import { adminDb } from './audited';
import { idPath, notFound, notFoundAsWorded } from './schemas';

const KIB = 1024;
/** JSON bodies: four languages of a 2000-character description fit with room to spare. */
const JSON_MAX_BYTES = 64 * KIB;
/** Room for the text fields and multipart framing around the files. */
const FORM_SLACK_BYTES = 64 * KIB;

const isMultipart = (c: Context) => (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

/** `:kind`: one of CONTENT_KINDS; any other is a 404 naming them. */
const kindPath = {
  kind: fromCheck<ContentKind>((v) =>
    typeof v === 'string' && isContentKind(v) ? { ok: true, value: v } : { ok: false, message: `Unknown content kind "${String(v ?? '').slice(0, 40)}"; one of: ${CONTENT_KINDS.join(', ')}.` },
  ),
};

const kindParam = (c: Context): ContentKind => pathFields(c, kindPath, notFoundAsWorded).kind;
const idParam = (c: Context, kind: ContentKind): number => pathFields(c, idPath(), notFound(`${KINDS[kind].noun} not found.`)).id;

/** `ids`: a JSON array, or "3,1,2" from a form; the store checks each (orderIds). */
const orderBody = { ids: z.unknown().transform((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v)) };

const BAD_TYPE = 'The file must be a PNG, JPEG, WebP or GIF image, or an MP4 or WebM video.';

/** `file`: an uploaded file (an empty part without a name is no file). */
const fileBody = {
  file: fromCheck<Blob>((file) => {
    if (file instanceof Blob && !(file.size === 0 && (file as File).name === '')) return { ok: true, value: file };
    const missing = file === undefined || file === null || file === '' || file instanceof Blob;
    return { ok: false, message: missing ? 'The file field is required.' : 'The file field must be a file.' };
  }),
};

type Limits = ReturnType<typeof mediaLimits>;

/** A saved row, and the texts that were typed in Zawgyi (stored as Unicode): the console asks to check them. */
const savedAnswer = (c: Context, kind: ContentKind, row: Record<string, unknown>, message: string, converted: string[], status: 200 | 201) =>
  c.json({ status: OK_STATUS, message, data: contentJson(kind, row as never), zawgyi: converted }, status);

async function listAnswer(c: Context<AppEnv>, deps: Deps, message: string | null = null) {
  const kind = kindParam(c);
  return ok(c, (await listContent(adminDb(c, deps), kind)).map((row) => contentJson(kind, row)), message);
}

async function getOne(c: Context<AppEnv>, deps: Deps) {
  const kind = kindParam(c);
  return ok(c, contentJson(kind, await findContent(adminDb(c, deps), kind, idParam(c, kind))));
}

async function postOrder(c: Context<AppEnv>, deps: Deps) {
  const kind = kindParam(c);
  const { ids } = await bodyFields(c, orderBody);
  await reorderContent(adminDb(c, deps), kind, orderIds(ids));
  return listAnswer(c, deps, 'Order saved.');
}

/** The body stays a record: the store's reader (prepareContent) checks each field of the kind. */
async function postContent(c: Context<AppEnv>, deps: Deps, limits: Limits) {
  const kind = kindParam(c);
  const body = await readBody(c);
  const prepared = await prepareContent(kind, body, { limits });
  const row = await createContent(adminDb(c, deps), kind, prepared);
  return savedAnswer(c, kind, row, `${KINDS[kind].noun} created.`, zawgyiFields(kind, body), 201);
}

async function patchContent(c: Context<AppEnv>, deps: Deps, limits: Limits) {
  const db = adminDb(c, deps);
  const kind = kindParam(c);
  const id = idParam(c, kind);
  const existing = await findContent(db, kind, id);
  const body = await readBody(c);
  const prepared = await prepareContent(kind, body, { limits, existing });
  const row = await updateContent(db, kind, id, prepared);
  return savedAnswer(c, kind, row, `${KINDS[kind].noun} updated.`, zawgyiFields(kind, body), 200);
}

async function deleteOne(c: Context<AppEnv>, deps: Deps) {
  const kind = kindParam(c);
  const row = await deleteContent(adminDb(c, deps), kind, idParam(c, kind));
  return ok(c, contentJson(kind, row), `${KINDS[kind].noun} deleted.`);
}

/** POST /media { file }: an image or a video on its own, for use as an img_url / video_url afterwards. */
async function postMedia(c: Context<AppEnv>, deps: Deps, limits: Limits) {
  const { file } = await bodyFields(c, fileBody);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffMedia(bytes);
  if (!sniffed) throwIfInvalid({ file: [BAD_TYPE] });
  const { kind } = sniffed!;
  const maxBytes = limits[kind];
  try {
    return ok(c, await saveMedia(adminDb(c, deps), bytes, { allow: kind, maxBytes }), 'File stored.', 201);
  } catch (err) {
    if (err instanceof MediaRejected) throwIfInvalid({ file: [err.reason === 'size' ? sizeMessage('file', maxBytes) : BAD_TYPE] });
    throw err;
  }
}

/** The body limits: JSON stays small; multipart (files) may be as large as the kind's files allow. */
function bodyLimits(limits: Limits) {
  const limit = (maxSize: number) => bodyLimit({ maxSize, onError: (c) => fail(c, 413, 'The request body is too large.') });
  const jsonBody = limit(JSON_MAX_BYTES);
  const formBody = Object.fromEntries(
    CONTENT_KINDS.map((kind) => {
      const files = KINDS[kind].fields.flatMap((f) => (f.type === 'media' ? [limits[f.allow]] : []));
      return [kind, limit(files.reduce((a, b) => a + b, 0) + FORM_SLACK_BYTES)];
    }),
  ) as Record<ContentKind, MiddlewareHandler>;
  const contentBody: MiddlewareHandler = (c, next) => {
    const { kind } = checkPath(c, kindPath).values;
    return isMultipart(c) && kind ? formBody[kind](c, next) : jsonBody(c, next);
  };
  return { jsonBody, contentBody, mediaBody: limit(Math.max(limits.image, limits.video) + FORM_SLACK_BYTES) };
}

export function contentAdminRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const limits = mediaLimits(deps.env);
  const { jsonBody, contentBody, mediaBody } = bodyLimits(limits);
  routes.get('/content', (c) => ok(c, contentMeta(limits)));
  routes.get('/content/:kind', (c) => listAnswer(c, deps));
  routes.get('/content/:kind/:id', (c) => getOne(c, deps));
  routes.post('/content/:kind/order', jsonBody, (c) => postOrder(c, deps));
  routes.post('/content/:kind', contentBody, (c) => postContent(c, deps, limits));
  routes.patch('/content/:kind/:id', contentBody, (c) => patchContent(c, deps, limits));
  routes.delete('/content/:kind/:id', (c) => deleteOne(c, deps));
  routes.post('/media', mediaBody, (c) => postMedia(c, deps, limits));
  return routes;
}
