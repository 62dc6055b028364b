import type { IconName } from '../../../shared/components/Icon';

/** Channels with an icon of their own (spec §2); any other channel shows its image. */
const CHANNEL_ICONS: Record<string, IconName> = { viber: 'viber', telegram: 'telegram', facebook: 'facebook', line: 'line' };

export function channelIcon(name: string): IconName | null {
  return CHANNEL_ICONS[name.toLowerCase()] ?? null;
}

/** The label for a known channel ('contact.viber'; the phone hotline is named in the player's language), else null. */
export function channelLabelKey(name: string): `contact.${'viber' | 'telegram' | 'facebook' | 'line'}` | 'contact_page.hotline' | null {
  const key = name.toLowerCase();
  if (key === 'hotline') return 'contact_page.hotline';
  return key === 'viber' || key === 'telegram' || key === 'facebook' || key === 'line' ? `contact.${key}` : null;
}

/** An operator's channel name for display: 'hotline' → 'Hotline'. */
export function titleCase(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * What the player recognises of a link: the handle or number, not the whole address
 * ('https://t.me/kyatplay_support' → 't.me/kyatplay_support', 'tel:+959…' → '+959…').
 */
export function linkHandle(link: string): string {
  try {
    const url = new URL(link);
    if (url.protocol === 'http:' || url.protocol === 'https:') return (url.host + url.pathname).replace(/\/$/, '');
    const number = url.searchParams.get('number');
    if (number) return number;
    const domain = url.searchParams.get('domain');
    if (domain) return `@${domain}`;
    return decodeURIComponent(url.pathname || link.slice(url.protocol.length)).replace(/^\/+/, '');
  } catch {
    return link;
  }
}
