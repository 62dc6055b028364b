/**
 * Refusals as codes (issue 13): every refusal a player can meet has a stable code and parameters;
 * the words come from the locale files (locales/refusals/*.json, the same four languages as the
 * site) in the request's language. Inside the server a refusal travels as a string TOKEN
 * (`refuse(code, params)`), so it fits every place a message went before (HttpError, field errors,
 * domain results); the envelope (lib/http.ts) renders it and puts `code` / `params` beside the
 * contract's `message` / `errors`. A plain string (operator-facing, aggregator protocol) is shown as it is.
 */
import type { Context } from 'hono';
import en from '../../locales/refusals/en.json' with { type: 'json' };
import mm from '../../locales/refusals/mm.json' with { type: 'json' };
import th from '../../locales/refusals/th.json' with { type: 'json' };
import zh from '../../locales/refusals/zh.json' with { type: 'json' };
import { fieldLabelIn, wordRefusal } from '../../shared/refusal-words';

export type Lang = 'en' | 'mm' | 'zh' | 'th';
export type RefusalCode = keyof typeof en.refusal;
export type RefusalParams = Record<string, string | number>;
export interface Refusal {
  code: RefusalCode;
  params?: RefusalParams;
}

const CATALOGUES: Record<Lang, { refusal: Record<string, string>; field: Record<string, string> }> = { en, mm, zh, th };

const OPEN = '\uE000';
const SEP = '\uE001';
const CLOSE = '\uE002';

/** A refusal as a message token (rendered at the envelope in the request's language). */
export function refuse(code: RefusalCode, params?: RefusalParams): string {
  return `${OPEN}${code}${params ? SEP + JSON.stringify(params) : ''}${CLOSE}`;
}

/** The refusal a token carries, or null for a plain message. */
export function parseRefusal(text: string): Refusal | null {
  if (!text.startsWith(OPEN) || !text.endsWith(CLOSE)) return null;
  const body = text.slice(1, -1);
  const at = body.indexOf(SEP);
  const code = (at < 0 ? body : body.slice(0, at)) as RefusalCode;
  if (!(code in en.refusal)) return null;
  return at < 0 ? { code } : { code, params: JSON.parse(body.slice(at + 1)) as RefusalParams };
}

/** A field's label in `lang` ("reference number" for refrence_no); nested `amounts.3.num` → its last named part. */
export function fieldLabel(lang: Lang, field: string): string {
  return fieldLabelIn(CATALOGUES[lang], field, en);
}

/** The refusal's words in `lang` (English for a code a language lacks; the parity test forbids that). */
export function speak(lang: Lang, refusal: Refusal): string {
  return wordRefusal(CATALOGUES[lang], refusal, en) ?? refusal.code;
}

/** A message as `lang` reads it: a token rendered, a plain message as it is. */
export function render(lang: Lang, text: string): string {
  const refusal = parseRefusal(text);
  return refusal ? speak(lang, refusal) : text;
}

/** English words for a token (operator logs, tests). */
export const english = (text: string) => render('en', text);

const SITE_CODES: Record<string, Lang> = { en: 'en', mm: 'mm', my: 'mm', zh: 'zh', th: 'th' };

function fromTag(tag: string): Lang | null {
  const primary = tag.trim().toLowerCase().split(/[-_;]/)[0] ?? '';
  return SITE_CODES[primary] ?? null;
}

/** The request's language: `X-Lang` (the site sends its own), else the first known `Accept-Language`, else English. */
export function requestLang(c: Pick<Context, 'req'>): Lang {
  const own = c.req.header('x-lang');
  if (own) {
    const lang = fromTag(own);
    if (lang) return lang;
  }
  const accept = c.req.header('accept-language');
  if (accept) {
    const tags = accept
      .split(',')
      .slice(0, 20)
      .map((part) => {
        const [tag, ...rest] = part.split(';');
        const q = Number(/q=([\d.]+)/.exec(rest.join(';'))?.[1] ?? 1);
        return { tag: tag ?? '', q: Number.isFinite(q) ? q : 0 };
      })
      .filter((t) => t.q > 0)
      .sort((a, b) => b.q - a.q);
    for (const { tag } of tags) {
      const lang = fromTag(tag);
      if (lang) return lang;
    }
  }
  return 'en';
}
