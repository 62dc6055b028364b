import type { IconName } from '../../../shared/components/Icon';

export interface NavLink {
  href: string;
  icon: IconName;
  /** i18n key of the label. */
  label: 'nav.home' | 'nav.ranking' | 'nav.videoAds' | 'nav.promotions' | 'nav.wallet' | 'nav.contact' | 'nav.videos' | 'nav.myProfile' | 'nav.logs' | 'nav.twoD' | 'nav.digitBet' | 'nav.shan' | 'nav.about';
  /** Whether this link is the current page, from the path (any case) and the type/tab query. */
  isActive: (path: string, query: URLSearchParams) => boolean;
}

/** Whether `path` (any case) is `target`. */
export const at = (path: string, target: string) => path.toLowerCase() === target;

/** The bottom bar, exactly as the spec lists it (including the capitalised paths). */
export const BOTTOM_LINKS: NavLink[] = [
  { href: '/?type=all', icon: 'home', label: 'nav.home', isActive: (p) => at(p, '/') },
  { href: '/ads-video?tab=AdsVideo', icon: 'video', label: 'nav.videoAds', isActive: (p, q) => at(p, '/ads-video') || q.get('tab') === 'AdsVideo' },
  { href: '/Promotion?tab=Promotion', icon: 'gift', label: 'nav.promotions', isActive: (p, q) => at(p, '/promotion') || q.get('tab') === 'Promotion' },
  { href: '/information?tab=transfer', icon: 'wallet', label: 'nav.wallet', isActive: (p, q) => at(p, '/information') && q.get('tab') === 'transfer' },
  { href: '/Contact?tab=Contact', icon: 'chat', label: 'nav.contact', isActive: (p, q) => at(p, '/contact') || q.get('tab') === 'Contact' },
];

export const DEPOSIT_HREF = '/information?tab=transfer';
