import type { TFunction } from 'i18next';
import type { Notice } from '../lib/notice';

/**
 * A notice (or several, one per line) in the reader's language. A key whose lazily loaded strings
 * are not here yet reads as nothing rather than as a bare key.
 */
export function noticeText(t: TFunction, notices: Notice | readonly Notice[] | null | undefined): string {
  if (!notices) return '';
  const list: readonly Notice[] = Array.isArray(notices) ? notices : [notices as Notice];
  return list
    .map((n) => {
      if ('text' in n) return n.text;
      const text = String(t(n.key as never, (n.values ?? {}) as never));
      return text === n.key ? '' : text;
    })
    .filter(Boolean)
    .join('\n');
}
