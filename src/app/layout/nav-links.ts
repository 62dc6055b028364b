import type { IconName } from '../../../shared/components/Icon';

export interface NavLink {
  href: string;
  icon: IconName;
  /** i18n key of the label. */
  label: 'nav.home' | 'nav.ranking' | 'nav.videoAds' | 'nav.promotions' | 'nav.wallet' | 'nav.contact' | 'nav.videos' | 'nav.myProfile' | 'nav.logs' | 'nav.twoD' | 'nav.digitBet' | 'nav.shan' | 'nav.about';
  /** Whether this link is the current page, from the path (any case) and the type/tab query. */
  isActive: (path: string, query: URLSearchParams) => boolean;
}

const at = (path: string, target: string) => path.toLowerCase() === target;

/** The bottom bar, exactly as the spec lists it (including the capitalised paths). */
export const BOTTOM_LINKS: NavLink[] = [
  { href: '/?type=all', icon: 'home', label: 'nav.home', isActive: (p) => at(p, '/') },
  { href: '/ads-video?tab=AdsVideo', icon: 'video', label: 'nav.videoAds', isActive: (p, q) => at(p, '/ads-video') || q.get('tab') === 'AdsVideo' },
  { href: '/Promotion?tab=Promotion', icon: 'gift', label: 'nav.promotions', isActive: (p, q) => at(p, '/promotion') || q.get('tab') === 'Promotion' },
  { href: '/information?tab=transfer', icon: 'wallet', label: 'nav.wallet', isActive: (p, q) => at(p, '/information') && q.get('tab') === 'transfer' },
  { href: '/Contact?tab=Contact', icon: 'chat', label: 'nav.contact', isActive: (p, q) => at(p, '/contact') || q.get('tab') === 'Contact' },
];

/** The wallet page and the pages it leads to. */
const WALLET_PAGES = ['/wallet', '/wallet/internal-transfer', '/wallet-history', '/transactions', '/exchange-log', '/top-up/bank', '/with-draw'];

/** The 2D lottery's pages (/2d and below, and the slips). */
const TWO_D_PAGES = /^\/(2d(\/.*)?|morning-bet-slip|evening-bet-slip)$/i;

/**
 * The side menu's links (spec: home, videos, my profile, wallet, logs, promotion, contact; plus the
 * ranking, whose label the spec's nav group has, the 2D lottery, Digit Bet, Shan and About). Its wallet link opens the
 * /wallet page; deposits are one tap away on the drawer's deposit button.
 */
export const DRAWER_LINKS: NavLink[] = [
  { href: '/?type=all', icon: 'home', label: 'nav.home', isActive: (p) => at(p, '/') },
  { href: '/reels', icon: 'video', label: 'nav.videos', isActive: (p) => at(p, '/reels') },
  { href: '/ranking', icon: 'trophy', label: 'nav.ranking', isActive: (p) => at(p, '/ranking') },
  { href: '/2d', icon: 'ticket', label: 'nav.twoD', isActive: (p) => TWO_D_PAGES.test(p) },
  { href: '/digitbet', icon: 'dice', label: 'nav.digitBet', isActive: (p) => at(p, '/digitbet') || at(p, '/fairness') },
  { href: '/shan', icon: 'cards', label: 'nav.shan', isActive: (p) => at(p, '/shan') },
  { href: '/information?tab=profile', icon: 'user', label: 'nav.myProfile', isActive: (p, q) => at(p, '/information') && q.get('tab') === 'profile' },
  { href: '/wallet', icon: 'wallet', label: 'nav.wallet', isActive: (p) => WALLET_PAGES.some((w) => at(p, w)) },
  { href: '/information?tab=logs', icon: 'list', label: 'nav.logs', isActive: (p, q) => at(p, '/information') && q.get('tab') === 'logs' },
  { href: '/promotion', icon: 'gift', label: 'nav.promotions', isActive: (p) => at(p, '/promotion') },
  { href: '/contact', icon: 'chat', label: 'nav.contact', isActive: (p) => at(p, '/contact') },
  { href: '/about', icon: 'info', label: 'nav.about', isActive: (p) => at(p, '/about') },
];

export const DEPOSIT_HREF = '/information?tab=transfer';
export const DOWNLOAD_APK_HREF = '/download/kyatplay.apk';
