/**
 * Notices (src/lib/notice.ts) in the words a player reads, straight from the locale files, so a
 * test states what the player sees ("Over-limit digits: 21") rather than which key a machine chose.
 */
import en from '../../locales/en.json';
import enExtra from '../../locales/extra/en.json';
import mm from '../../locales/mm.json';
import mmExtra from '../../locales/extra/mm.json';
import type { Notice } from '../../src/lib/notice';

const CATALOGUES = { en: [en, enExtra], mm: [mm, mmExtra] } as const;

function lookup(lang: keyof typeof CATALOGUES, key: string): string {
  for (const catalogue of CATALOGUES[lang]) {
    const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);
    if (typeof found === 'string') return found;
  }
  throw new Error(`no ${lang} text for ${key}`);
}

/** The notices as the player reads them, one per line (null stays null). */
export function wordsOf(notices: Notice | readonly Notice[] | null | undefined, lang: keyof typeof CATALOGUES = 'en'): string | null {
  if (!notices) return null;
  const list: readonly Notice[] = Array.isArray(notices) ? notices : [notices as Notice];
  return list
    .map((n) => ('text' in n ? n.text : lookup(lang, n.key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(n.values?.[name] ?? `{{${name}}}`))))
    .join('\n');
}
