import { notice } from '../notice';

/** The 2D texts the spec fixes (§5, §6, §8), in one place for the api layer and the machines. */
export const BET_PLACED = 'ထီအောင်မြင်စွာ ထိုးပြီးပါပြီ။';
export const BET_FAILED = 'Bet failed!';
export const BET_NETWORK_ERROR = 'Network or server error';
export const LIVE_FAILED = 'Failed to load live data';
export const WINNERS_FAILED = 'Failed to fetch winners';
export const WINNERS_FORBIDDEN = 'Only players can view winners. Please log in with a player account.';
export const NO_WINNERS = 'No winners for this session';
export const NO_WINNER_DATA = 'No data available';

/** What the bet flow tells the player (src/lib/notice.ts): worded by the view in their language. */
export const BET_NOTICES = {
  /** An edited (or staked) line below 100 Ks (spec §9: 'ထိုးကြေး အနည်းဆုံး ၁၀၀ ထည့်ပါ။'). */
  minAmount: notice('two_d.minAmount'),
  failed: notice('two_d.betFailed'),
  network: notice('two_d.networkError'),
} as const;

/** The numbers the server refused as over their limit. */
export const overLimitNotice = (nums: readonly string[]) => notice('two_d.overLimit', { nums: nums.join(', ') });
/** Numbers a typed entry named that are full or closed (not added). */
export const closedNotice = (nums: readonly string[]) => notice('two_d.closedNums', { nums: nums.join(', ') });
