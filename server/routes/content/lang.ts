import type { Context } from 'hono';
import { z } from 'zod';
import type { LocalisedText } from '../../domain/content/public';
import { queryFields } from '../../lib/request-input';

/** The site's languages (product-spec §1); `en` is the default and the fallback. */
export const LANGS = ['en', 'mm', 'zh', 'th'] as const;
export type Lang = (typeof LANGS)[number];

/** A language tag as a site language: "my-MM" (Burmese's ISO code) → mm, "zh-Hans-CN" → zh. */
export function siteLang(tag: string | undefined | null): Lang | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (!primary) return undefined;
  if (primary === 'my') return 'mm';
  return (LANGS as readonly string[]).includes(primary) ? (primary as Lang) : undefined;
}

/** Accept-Language's supported tags, best first (q-values honoured, q=0 ignored). */
export function fromAcceptLanguage(header: string | undefined): Lang | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: siteLang(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.lang && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.lang;
}

/** `?lang=` as a site language, or undefined: any other value is never refused (the next source decides). */
export const langQuery = { lang: z.unknown().transform((v) => siteLang(typeof v === 'string' ? v : undefined)) };

/** `?lang=`, then `X-Lang`, then `Accept-Language`; English when none names a site language. */
export function requestLang(c: Context): Lang {
  return (
    queryFields(c, langQuery).lang ??
    siteLang(c.req.header('x-lang')) ??
    fromAcceptLanguage(c.req.header('accept-language')) ??
    'en'
  );
}

/** The text in `lang`, else English, else any language present. */
export function localise(text: LocalisedText | null | undefined, lang: Lang): string | null {
  if (!text) return null;
  return text[lang] || text.en || Object.values(text).find((v) => typeof v === 'string' && v) || null;
}

/** All four languages, each falling back to English. */
export function allLangs(text: LocalisedText | null | undefined): Record<Lang, string | null> {
  return { en: localise(text, 'en'), mm: localise(text, 'mm'), zh: localise(text, 'zh'), th: localise(text, 'th') };
}
