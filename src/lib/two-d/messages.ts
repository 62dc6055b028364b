/** The 2D texts the spec fixes (§5, §6, §8), in one place for the api layer and the machines. */
export const BET_PLACED = 'ထီအောင်မြင်စွာ ထိုးပြီးပါပြီ။';
export const BET_FAILED = 'Bet failed!';
export const BET_NETWORK_ERROR = 'Network or server error';
/** An edited (or staked) line below 100 Ks. */
export const MIN_AMOUNT_ERROR = 'ထိုးကြေး အနည်းဆုံး ၁၀၀ ထည့်ပါ။';
export const LIVE_FAILED = 'Failed to load live data';
export const WINNERS_FAILED = 'Failed to fetch winners';
export const WINNERS_FORBIDDEN = 'Only players can view winners. Please log in with a player account.';
export const NO_WINNERS = 'No winners for this session';
export const NO_WINNER_DATA = 'No data available';

export const overLimitMessage = (nums: readonly string[]) => `Over-limit digits: ${nums.join(', ')}`;
