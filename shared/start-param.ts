/**
 * The start parameter of a Telegram launch link (t.me/<bot>/<app>?startapp=… or /start …) and of
 * the web (?startapp=…, ?ref=…): `ref_<CODE>` for a referral, optionally followed by `__<page>`, or
 * just `<page>` (docs/telegram.md). Telegram allows [A-Za-z0-9_-], at most 64 characters.
 */
export const START_PAGES = ['2d', 'digitbet', 'shan', 'deposit', 'promotion', 'games'] as const;
/**
 * Pages of the player's own records, which the bot's messages open (docs/telegram.md § Messages):
 * the wallet, the deposit and withdrawal logs, the morning and evening 2D slips, the profile.
 */
export const RECORD_PAGES = ['wallet', 'deposits', 'withdrawals', 'slips-morning', 'slips-evening', 'profile'] as const;
export type StartPage = (typeof START_PAGES)[number] | (typeof RECORD_PAGES)[number];
const PAGES: readonly string[] = [...START_PAGES, ...RECORD_PAGES];

export interface StartParam {
  referralCode?: string;
  page?: StartPage;
}

const ALLOWED = /^[A-Za-z0-9_-]{1,64}$/;

export function isStartPayload(text: string): boolean {
  return ALLOWED.test(text);
}

export function parseStartParam(text: string | undefined | null): StartParam {
  if (!text || !ALLOWED.test(text)) return {};
  const [head, tail, ...rest] = text.split('__');
  if (rest.length) return {};
  const pageOf = (p: string | undefined) => (PAGES.includes(p ?? '') ? (p as StartPage) : undefined);
  if (head!.startsWith('ref_')) {
    const code = head!.slice(4);
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(code)) return {};
    return { referralCode: code, page: pageOf(tail) };
  }
  return tail === undefined ? { page: pageOf(head) } : {};
}

/** Where each start page lands in the app. */
export const START_PAGE_PATHS: Record<StartPage, string> = {
  '2d': '/2d',
  digitbet: '/digitbet',
  shan: '/shan',
  deposit: '/top-up/bank',
  promotion: '/promotion',
  games: '/games',
  wallet: '/wallet',
  deposits: '/information?tab=logs&type=deposit',
  withdrawals: '/information?tab=logs&type=withdraw',
  'slips-morning': '/morning-bet-slip',
  'slips-evening': '/evening-bet-slip',
  profile: '/information?tab=profile',
};

/**
 * The start parameter a web visit carries: `?startapp=` (the same grammar as Telegram's), else a
 * bare `?ref=<CODE>` referral. Telegram launches carry theirs in the init data instead.
 */
export function webStartParam(search: string): StartParam {
  const params = new URLSearchParams(search);
  const startapp = params.get('startapp');
  if (startapp) return parseStartParam(startapp);
  const ref = params.get('ref')?.trim();
  return ref && /^[A-Za-z0-9_-]{1,32}$/.test(ref) ? { referralCode: ref } : {};
}
