import { at, type NavLink } from './nav-links';

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

export const DOWNLOAD_APK_HREF = '/download/kyatplay.apk';
