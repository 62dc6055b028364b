import type { LocalisedText } from '../../db/schema';
import { burmeseUnicode } from '../../lib/burmese-unicode';
import type { FieldErrors } from '../refusal';
import { attributeLabel, throwIfInvalid } from '../../lib/validation';
import { sniffMedia } from '../media';
import { KINDS, LINK_SCHEMES, TEXT_LANGS, URL_MAX, requestFields, type ContentKind, type FieldDef } from './fields';

/**
 * Checks a create or update request of one content kind, Laravel-style: every field on its own,
 * all messages at once, 422 when any is wrong. Uploaded files are judged by their bytes (never the
 * name or declared type) but NOT stored here: nothing is written until the whole request passed.
 */
export interface PendingUpload {
  /** Column key the stored file's URL goes into (imgUrl, videoUrl, posterUrl). */
  key: string;
  /** The request field it came in (image, video, poster): for messages. */
  field: string;
  bytes: Uint8Array;
  allow: 'image' | 'video';
  maxBytes: number;
}

export interface PreparedContent {
  /** Column values to write (camelCase keys); URL columns of pending uploads are filled in on save. */
  values: Record<string, unknown>;
  uploads: PendingUpload[];
}

export interface MediaLimits {
  image: number;
  video: number;
}

export const SORT_MAX = 1_000_000;
const KIB = 1024;

export const typeMessage = (field: string, allow: 'image' | 'video') =>
  allow === 'image' ? `The ${field} must be a PNG, JPEG, WebP or GIF image.` : `The ${field} must be an MP4 or WebM video.`;
export const sizeMessage = (field: string, maxBytes: number) => `The ${field} may not be greater than ${Math.floor(maxBytes / KIB)} kilobytes.`;

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A root-relative `/assets/…` path (no `..`, no `//`, no odd characters) or an https URL. */
export function isMediaUrl(value: string): boolean {
  if (value.length > URL_MAX || /[\s\\]/.test(value) || CONTROL.test(value)) return false;
  if (value.startsWith('/')) {
    if (!/^\/assets\/[A-Za-z0-9._~\-/]+$/.test(value)) return false;
    return value.split('/').slice(1).every((segment) => segment !== '' && segment !== '.' && segment !== '..');
  }
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A contact link with an allowed scheme and something after it. */
export function isContactLink(value: string): boolean {
  if (/\s/.test(value) || CONTROL.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (!(LINK_SCHEMES as readonly string[]).includes(url.protocol)) return false;
  if (url.protocol === 'https:' || url.protocol === 'http:') return url.hostname !== '' && url.username === '' && url.password === '';
  const rest = value.slice(url.protocol.length).replace(/^\/\//, '');
  if (url.protocol === 'mailto:') return /^[^@/?#]+@[^@/?#]+/.test(rest);
  if (url.protocol === 'tel:') return /^\+?[0-9][0-9\-().]{2,30}$/.test(rest);
  return rest.length > 0;
}

/** A button's target: a path on this site ("/top-up/bank", never "//host") or an https link. */
export function isButtonTarget(value: string): boolean {
  if (/[\s\\]/.test(value) || CONTROL.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

type TextResult = { value: string | null } | { error: string };

/** A string of at most `max` characters; empty or null reads as null (Laravel's empty-to-null). */
function readText(field: string, input: unknown, max: number): TextResult {
  if (input === undefined || input === null) return { value: null };
  if (typeof input !== 'string') return { error: `The ${attributeLabel(field)} field must be a string.` };
  // Burmese typed in Zawgyi is stored in Unicode (lib/burmese-unicode.ts).
  const text = burmeseUnicode(input.trim());
  if (text === '') return { value: null };
  if ([...text].length > max) return { error: `The ${attributeLabel(field)} field must not be greater than ${max} characters.` };
  return { value: text };
}

/** `sort` / `status` as an integer from JSON numbers or form strings; undefined when not given. */
function readInt(input: unknown): number | undefined | 'bad' {
  if (input === undefined || input === null || input === '') return undefined;
  const n = typeof input === 'number' ? input : typeof input === 'string' && /^\s*-?\d{1,9}\s*$/.test(input) ? Number(input) : NaN;
  return Number.isSafeInteger(n) ? n : 'bad';
}

const isFile = (value: unknown): value is File => typeof Blob !== 'undefined' && value instanceof Blob;

/** A form's file input left empty sends an unnamed, empty part: that is "no file". */
const givenFile = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(isFile(value) && value.size === 0 && (value as File).name === '');

/** `title: { en, mm }` or `title: "text"` in JSON stand for title_en / title_mm (the flat fields win). */
function expandLocalised(body: Record<string, unknown>, name: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const nested = body[name];
  if (typeof nested === 'string') out.en = nested;
  else if (nested && typeof nested === 'object' && !Array.isArray(nested) && !isFile(nested)) {
    for (const lang of TEXT_LANGS) if (lang in nested) out[lang] = (nested as Record<string, unknown>)[lang];
  }
  for (const lang of TEXT_LANGS) if (`${name}_${lang}` in body) out[lang] = body[`${name}_${lang}`];
  return out;
}

/**
 * Validates `body` for `kind`. `existing` is the stored row for an update (fields not in the body
 * stay as they are), undefined for a create (required fields must be there). Throws the 422.
 */
export async function prepareContent(
  kind: ContentKind,
  body: Record<string, unknown>,
  opts: { limits: MediaLimits; existing?: Record<string, unknown> },
): Promise<PreparedContent> {
  const creating = opts.existing === undefined;
  const errors: FieldErrors = {};
  const values: Record<string, unknown> = {};
  const uploads: PendingUpload[] = [];
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  for (const field of KINDS[kind].fields) {
    if (field.type === 'localised') localised(field, body, opts.existing, values, add);
    else if (field.type === 'text') textField(field, body, creating, values, add);
    else await mediaField(field, body, creating, opts.limits, values, uploads, add);
  }
  sortAndStatus(body, values, add);

  throwIfInvalid(ordered(kind, errors));
  return { values, uploads };
}

type AddError = (field: string, message: string) => void;

/** A text field (a contact link when `field.link`); on an update only when the body has it. */
function textField(field: Extract<FieldDef, { type: 'text' }>, body: Record<string, unknown>, creating: boolean, values: Record<string, unknown>, add: AddError) {
  if (!creating && !(field.name in body)) return;
  const result = readText(field.name, body[field.name], field.max);
  if ('error' in result) add(field.name, result.error);
  else if (result.value === null) {
    if (field.required) add(field.name, `The ${attributeLabel(field.name)} field is required.`);
    else values[field.key] = null;
  } else if (field.link && !isContactLink(result.value)) {
    add(field.name, `The ${attributeLabel(field.name)} field must be a link starting with https://, http://, viber://, tg://, line://, mailto: or tel:.`);
  } else if (field.target && !isButtonTarget(result.value)) {
    add(field.name, `The ${attributeLabel(field.name)} field must be a path on this site (starting with /) or a link starting with https://.`);
  } else values[field.key] = result.value;
}

/** `sort` (0 … SORT_MAX) and `status` (0 or 1, booleans allowed), each only when the body has it. */
function sortAndStatus(body: Record<string, unknown>, values: Record<string, unknown>, add: AddError) {
  if ('sort' in body) {
    const sort = readInt(body.sort);
    if (sort === 'bad' || (sort !== undefined && (sort < 0 || sort > SORT_MAX))) {
      add('sort', `The sort field must be an integer between 0 and ${SORT_MAX}.`);
    } else if (sort !== undefined) values.sort = sort;
  }
  if ('status' in body) {
    const status = readInt(body.status === true ? 1 : body.status === false ? 0 : body.status);
    if (status !== undefined && status !== 0 && status !== 1) add('status', 'The selected status is invalid.');
    else if (status !== undefined) values.status = status;
  }
}

function localised(
  field: Extract<FieldDef, { type: 'localised' }>,
  body: Record<string, unknown>,
  existing: Record<string, unknown> | undefined,
  values: Record<string, unknown>,
  add: (field: string, message: string) => void,
) {
  const given = expandLocalised(body, field.name);
  if (existing !== undefined && Object.keys(given).length === 0) return;
  const text: LocalisedText = { ...((existing?.[field.key] as LocalisedText | null | undefined) ?? {}) };
  let bad = false;
  for (const [lang, input] of Object.entries(given)) {
    const name = `${field.name}_${lang}`;
    const result = readText(name, input, field.max);
    if ('error' in result) {
      add(name, result.error);
      bad = true;
    } else if (result.value === null) delete text[lang];
    else text[lang] = result.value;
  }
  if (bad) return;
  const any = Object.keys(text).length > 0;
  if (!text.en && (field.required || any)) {
    const label = attributeLabel(`${field.name}_en`);
    add(`${field.name}_en`, any && !field.required ? `The ${label} field is required when other languages are given.` : `The ${label} field is required.`);
    return;
  }
  values[field.key] = any ? text : null;
}

async function mediaField(
  field: Extract<FieldDef, { type: 'media' }>,
  body: Record<string, unknown>,
  creating: boolean,
  limits: MediaLimits,
  values: Record<string, unknown>,
  uploads: PendingUpload[],
  add: (field: string, message: string) => void,
) {
  const file = body[field.file];
  const label = attributeLabel(field.name);
  if (givenFile(file)) {
    if (!isFile(file)) return add(field.file, `The ${field.file} field must be a file.`);
    const url = readText(field.name, body[field.name], URL_MAX);
    if (!('error' in url) && url.value !== null) {
      return add(field.name, `The ${label} field must be empty when ${/^[aeiou]/.test(field.file) ? 'an' : 'a'} ${field.file} file is given.`);
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const maxBytes = limits[field.allow];
    const sniffed = sniffMedia(bytes);
    if (bytes.length === 0 || !sniffed || sniffed.kind !== field.allow) return add(field.file, typeMessage(field.file, field.allow));
    if (bytes.length > maxBytes) return add(field.file, sizeMessage(field.file, maxBytes));
    uploads.push({ key: field.key, field: field.file, bytes, allow: field.allow, maxBytes });
    return;
  }
  if (!(field.name in body)) {
    if (creating && field.required) add(field.file, `The ${field.file} field is required when ${label} is not present.`);
    return;
  }
  const url = readText(field.name, body[field.name], URL_MAX);
  if ('error' in url) return add(field.name, url.error);
  if (url.value === null) {
    if (field.required) return add(field.file, `The ${field.file} field is required when ${label} is not present.`);
    values[field.key] = null;
    return;
  }
  if (!isMediaUrl(url.value)) return add(field.name, `The ${label} field must be a path under /assets/ or an https:// URL.`);
  values[field.key] = url.value;
}

/** Errors in the order of the kind's request fields (files next to their URL fields). */
function ordered(kind: ContentKind, errors: FieldErrors): FieldErrors {
  const { text, files } = requestFields(kind);
  const order = [...text, ...files];
  const out: FieldErrors = {};
  const media = KINDS[kind].fields.filter((f) => f.type === 'media');
  for (const name of order) {
    if (errors[name]) out[name] = errors[name];
    const owner = media.find((f) => f.name === name);
    if (owner && errors[owner.file]) out[owner.file] = errors[owner.file]!;
  }
  for (const key of Object.keys(errors)) if (!out[key]) out[key] = errors[key]!;
  return out;
}
