/**
 * The operator's content API (docs/operator.md § Content), under /api/admin behind the admin token:
 * banners, banner texts, pop-up ads, promotions, contact channels and video ads — list, create,
 * update, delete, reorder — and media uploads. JSON or multipart (files); 422 field errors.
 * A create or update answer names, in `zawgyi`, the texts that came in Zawgyi and were stored
 * converted to Unicode; `GET /content` gives the console the kinds' fields and the upload limits.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
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
import { HttpError, OK_STATUS, fail, ok } from '../../lib/http';
import { readBody } from '../../lib/request-body';
import { throwIfInvalid } from '../../lib/validation';
import { adminDb } from './audited';

const KIB = 1024;
/** JSON bodies: four languages of a 2000-character description fit with room to spare. */
const JSON_MAX_BYTES = 64 * KIB;
/** Room for the text fields and multipart framing around the files. */
const FORM_SLACK_BYTES = 64 * KIB;

const isMultipart = (c: Context) => (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

function kindParam(c: Context): ContentKind {
  const kind = c.req.param('kind') ?? '';
  if (!isContentKind(kind)) throw new HttpError(404, `Unknown content kind "${kind.slice(0, 40)}"; one of: ${CONTENT_KINDS.join(', ')}.`);
  return kind;
}

function idParam(c: Context, kind: ContentKind): number {
  const raw = c.req.param('id') ?? '';
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw new HttpError(404, `${KINDS[kind].noun} not found.`);
  return Number(raw);
}

export function contentAdminRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const limits = mediaLimits(deps.env);
  const tooLarge = (c: Context) => fail(c, 413, 'The request body is too large.');
  const limit = (maxSize: number) => bodyLimit({ maxSize, onError: tooLarge });
  const jsonBody = limit(JSON_MAX_BYTES);
  const formBody = Object.fromEntries(
    CONTENT_KINDS.map((kind) => {
      const files = KINDS[kind].fields.flatMap((f) => (f.type === 'media' ? [limits[f.allow]] : []));
      return [kind, limit(files.reduce((a, b) => a + b, 0) + FORM_SLACK_BYTES)];
    }),
  ) as Record<ContentKind, MiddlewareHandler>;
  const mediaBody = limit(Math.max(limits.image, limits.video) + FORM_SLACK_BYTES);

  /** Multipart (files) may be as large as the kind's files allow; anything else stays small. */
  const contentBody: MiddlewareHandler = (c, next) => {
    const kind = c.req.param('kind') ?? '';
    return isMultipart(c) && isContentKind(kind) ? formBody[kind](c, next) : jsonBody(c, next);
  };

  /** A saved row, and the texts that were typed in Zawgyi (stored as Unicode): the console asks to check them. */
  const savedAnswer = (c: Context, kind: ContentKind, row: Record<string, unknown>, message: string, converted: string[], status: 200 | 201) =>
    c.json({ status: OK_STATUS, message, data: contentJson(kind, row as never), zawgyi: converted }, status);

  routes.get('/content', (c) => ok(c, contentMeta(limits)));

  routes.get('/content/:kind', async (c) => {
    const db = adminDb(c, deps);
    const kind = kindParam(c);
    return ok(c, (await listContent(db, kind)).map((row) => contentJson(kind, row)));
  });

  routes.get('/content/:kind/:id', async (c) => {
    const db = adminDb(c, deps);
    const kind = kindParam(c);
    return ok(c, contentJson(kind, await findContent(db, kind, idParam(c, kind))));
  });

  routes.post('/content/:kind/order', jsonBody, async (c) => {
    const db = adminDb(c, deps);
    const kind = kindParam(c);
    const body = await readBody(c);
    const raw = typeof body.ids === 'string' ? body.ids.split(',').map((s) => s.trim()).filter(Boolean) : body.ids;
    await reorderContent(db, kind, orderIds(raw));
    return ok(c, (await listContent(db, kind)).map((row) => contentJson(kind, row)), 'Order saved.');
  });

  routes.post('/content/:kind', contentBody, async (c) => {
    const db = adminDb(c, deps);
    const kind = kindParam(c);
    const body = await readBody(c);
    const prepared = await prepareContent(kind, body, { limits });
    const row = await createContent(db, kind, prepared);
    return savedAnswer(c, kind, row, `${KINDS[kind].noun} created.`, zawgyiFields(kind, body), 201);
  });

  routes.patch('/content/:kind/:id', contentBody, async (c) => {
    const db = adminDb(c, deps);
    const kind = kindParam(c);
    const id = idParam(c, kind);
    const existing = await findContent(db, kind, id);
    const body = await readBody(c);
    const prepared = await prepareContent(kind, body, { limits, existing });
    const row = await updateContent(db, kind, id, prepared);
    return savedAnswer(c, kind, row, `${KINDS[kind].noun} updated.`, zawgyiFields(kind, body), 200);
  });

  routes.delete('/content/:kind/:id', async (c) => {
    const db = adminDb(c, deps);
    const kind = kindParam(c);
    const row = await deleteContent(db, kind, idParam(c, kind));
    return ok(c, contentJson(kind, row), `${KINDS[kind].noun} deleted.`);
  });

  // An image or a video on its own, for use as an img_url / video_url afterwards.
  routes.post('/media', mediaBody, async (c) => {
    const db = adminDb(c, deps);
    const file = (await readBody(c)).file;
    if (!(file instanceof Blob) || (file.size === 0 && (file as File).name === '')) {
      throwIfInvalid({ file: [file === undefined || file === null || file === '' || file instanceof Blob ? 'The file field is required.' : 'The file field must be a file.'] });
    }
    const bytes = new Uint8Array(await (file as Blob).arrayBuffer());
    const sniffed = sniffMedia(bytes);
    if (!sniffed) throwIfInvalid({ file: ['The file must be a PNG, JPEG, WebP or GIF image, or an MP4 or WebM video.'] });
    const maxBytes = limits[sniffed!.kind];
    try {
      const saved = await saveMedia(db, bytes, { allow: sniffed!.kind, maxBytes });
      return ok(c, saved, 'File stored.', 201);
    } catch (err) {
      if (!(err instanceof MediaRejected)) throw err;
      throwIfInvalid({ file: [err.reason === 'size' ? sizeMessage('file', maxBytes) : 'The file must be a PNG, JPEG, WebP or GIF image, or an MP4 or WebM video.'] });
      throw err;
    }
  });

  return routes;
}
