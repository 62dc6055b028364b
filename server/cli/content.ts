/**
 * `npm run admin -- content …` and `npm run admin -- media upload <file>` (server/cli/index.ts hands
 * these over): the operator's content commands over the admin API (docs/operator.md § Content).
 * Files named by --image / --video / --poster are read here and uploaded as multipart.
 * Exit status: 0 done, 1 refused or failed, 2 usage (including a file that cannot be read).
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { CONTENT_KINDS, KINDS, isContentKind, requestFields, type ContentKind } from '../domain/content/fields';
import { adminCall, runAdminCommand, type Row, type AdminRequest as Request } from '../lib/admin-client';
import { splitArgs, UsageError } from './args';

export const CONTENT_USAGE = `  content <kind> list
  content <kind> create --<field> <value> … [--image|--video|--poster <file>]
  content <kind> update <id> --<field> <value> … [--image|--video|--poster <file>]
  content <kind> delete <id>
  content <kind> order <id> <id> …        (these first, in this order; the rest after)
  media upload <file>                     (PNG, JPEG, WebP, GIF, MP4 or WebM → its URL)
    kinds and their fields:
${CONTENT_KINDS.map((kind) => `      ${kind.padEnd(13)}${fieldFlags(kind)}`).join('\n')}
      all: --sort N --status active|hidden`;


function fieldFlags(kind: ContentKind): string {
  return KINDS[kind].fields
    .map((f) => {
      const flag = `--${f.name.replace(/_/g, '-')}`;
      const text = f.type === 'localised' ? `${flag}-en|-mm|-zh|-th` : flag;
      const both = f.type === 'media' ? `${text} | --${f.file} <file>` : text;
      return f.required ? both : `[${both}]`;
    })
    .join(' ');
}


const clip = (text: string, n = 40) => ([...text].length > n ? `${[...text].slice(0, n - 1).join('')}…` : text);

function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'object') return clip(String((value as Record<string, string>).en ?? ''));
  return clip(String(value), 90);
}

function table(kind: ContentKind, rows: Row[]): string {
  const fields = KINDS[kind].fields;
  const head = ['ID', 'SORT', 'STATUS', ...fields.map((f) => f.name.toUpperCase())];
  const body = rows.map((r) => [String(r.id), String(r.sort), r.status === 1 ? 'active' : 'hidden', ...fields.map((f) => cell(r[f.name]))]);
  const cells = [head, ...body];
  const widths = head.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  return cells.map((line) => line.map((c, i) => (i < 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd()).join('\n');
}

const STATUS_WORDS: Record<string, string> = { active: '1', hidden: '0', inactive: '0' };

/** `--title-en X` / `--title-en=X` → { title_en: X }, checked against the kind's fields. */
function parseFlags(kind: ContentKind, args: string[]): { positional: string[]; text: Record<string, string>; files: Record<string, string> } {
  const { text: textFields, files: fileFields } = requestFields(kind);
  const { positional, flags } = splitArgs(args);
  const text: Record<string, string> = {};
  const files: Record<string, string> = {};
  for (const [flag, value] of Object.entries(flags)) {
    const field = flag.replace(/-/g, '_');
    if (fileFields.includes(field)) files[field] = value;
    else if (textFields.includes(field)) text[field] = field === 'status' ? (STATUS_WORDS[value] ?? value) : value;
    else throw new UsageError(`--${flag} is not a field of ${kind}; its fields: ${fieldFlags(kind)} --sort --status`);
  }
  return { positional, text, files };
}

async function formWith(text: Record<string, string>, files: Record<string, string>): Promise<FormData | Record<string, string>> {
  if (Object.keys(files).length === 0) return text;
  const form = new FormData();
  for (const [k, v] of Object.entries(text)) form.append(k, v);
  for (const [field, path] of Object.entries(files)) {
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (err) {
      throw new UsageError(`cannot read ${path} for --${field} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
    form.append(field, new Blob([new Uint8Array(bytes)]), basename(path));
  }
  return form;
}

const numericId = (action: string, id: string | undefined) => {
  if (!/^\d{1,15}$/.test(id ?? '')) throw new UsageError(`${action} needs a numeric <id>`);
  return id!;
};

/** The one argument of update and delete: a numeric id. */
function singleId(action: string, positional: string[]): string {
  const [id, ...extra] = positional;
  numericId(action, id);
  if (extra.length) throw new UsageError(`unexpected "${extra.join(' ')}"`);
  return id!;
}

/** argv after "content" → the admin API request it stands for. */
export async function parseContent(argv: string[]): Promise<Request> {
  const [kind, action, ...rest] = argv;
  if (kind === undefined || !isContentKind(kind)) throw new UsageError(`unknown content kind "${kind ?? ''}"; one of: ${CONTENT_KINDS.join(', ')}`);
  const { positional, text, files } = parseFlags(kind, rest);
  const base = `/content/${kind}`;
  const noFlags = () => {
    if (Object.keys(text).length || Object.keys(files).length) throw new UsageError(`${action} takes no --options`);
  };
  const shown = (res: Row) => `${res.message ?? 'Done.'}\n\n${table(kind, [res.data])}`;
  switch (action) {
    case 'list':
      noFlags();
      if (positional.length) throw new UsageError('list takes no arguments');
      return { method: 'GET', path: base, show: (res) => (res.data.length ? table(kind, res.data) : `No ${kind}.`) };
    case 'create':
      if (positional.length) throw new UsageError(`unexpected "${positional.join(' ')}"`);
      return { method: 'POST', path: base, body: await formWith(text, files), show: shown };
    case 'update': {
      const id = singleId('update', positional);
      if (!Object.keys(text).length && !Object.keys(files).length) throw new UsageError('update needs at least one --<field>');
      return { method: 'PATCH', path: `${base}/${id}`, body: await formWith(text, files), show: shown };
    }
    case 'delete': {
      noFlags();
      const id = singleId('delete', positional);
      return { method: 'DELETE', path: `${base}/${id}`, show: shown };
    }
    case 'order':
      noFlags();
      if (!positional.length || !positional.every((id) => /^\d{1,15}$/.test(id))) throw new UsageError('order needs numeric <id>s');
      return {
        method: 'POST',
        path: `${base}/order`,
        body: { ids: positional.map(Number) },
        show: (res) => `${res.message ?? 'Done.'}\n\n${table(kind, res.data)}`,
      };
    default:
      throw new UsageError(`unknown content action "${action ?? ''}" (list, create, update, delete, order)`);
  }
}

/** argv after "media" → the upload request. */
async function parseMedia(argv: string[]): Promise<Request> {
  const [action, path, ...extra] = argv;
  if (action !== 'upload' || path === undefined || extra.length) throw new UsageError('media upload <file>');
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (err) {
    throw new UsageError(`cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), basename(path));
  return {
    method: 'POST',
    path: '/media',
    body: form,
    show: (res) => `${res.message ?? 'Done.'}\n\nurl     ${res.data.url}\ntype    ${res.data.mime}\nsize    ${res.data.size} bytes\nsha256  ${res.data.sha256}`,
  };
}

/** `content …` or `media …` (argv[0] names which). */
export async function runContentCli(argv: string[], usage: string): Promise<number> {
  let req: Request;
  try {
    req = argv[0] === 'media' ? await parseMedia(argv.slice(1)) : await parseContent(argv.slice(1));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`error: ${err.message}\n\n${usage}`);
    return 2;
  }
  return runAdminCommand(async (base, token) => req.show(await adminCall(base, token, req.method, req.path, req.body)));
}
