import { isZawgyi } from '../../lib/burmese-unicode';
import { KINDS, TEXT_LANGS, type ContentKind } from './fields';

/**
 * What the operator console needs beside the rows: the kinds' fields and the upload limits (so the
 * editor can say them before a file is sent), and which texts of a request were typed in Zawgyi
 * (stored converted to Unicode, decision 0011) so the editor can ask the operator to check them.
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

export function contentMeta(limits: { image: number; video: number }) {
  return {
    languages: TEXT_LANGS,
    limits: { image: limits.image, video: limits.video },
    types: { image: IMAGE_TYPES, video: VIDEO_TYPES },
    kinds: Object.fromEntries(
      Object.entries(KINDS).map(([kind, def]) => [
        kind,
        {
          noun: def.noun,
          fields: def.fields.map((f) =>
            f.type === 'media'
              ? { type: f.type, name: f.name, file: f.file, allow: f.allow, required: f.required }
              : { type: f.type, name: f.name, max: f.max, required: f.required },
          ),
        },
      ]),
    ),
  };
}

/** The request fields (`title_mm`, `name` …) of `body` whose text reads as Zawgyi, in the kind's field order. */
export function zawgyiFields(kind: ContentKind, body: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const field of KINDS[kind].fields) {
    if (field.type === 'media') continue;
    if (field.type === 'text') {
      const value = body[field.name];
      if (typeof value === 'string' && isZawgyi(value)) out.push(field.name);
      continue;
    }
    const nested = body[field.name];
    for (const lang of TEXT_LANGS) {
      const flat = body[`${field.name}_${lang}`];
      const value = flat !== undefined ? flat : nested && typeof nested === 'object' ? (nested as Record<string, unknown>)[lang] : lang === 'en' ? nested : undefined;
      if (typeof value === 'string' && isZawgyi(value)) out.push(`${field.name}_${lang}`);
    }
  }
  return out;
}
