/**
 * The texts the spec fixes for the site's own flows (product-spec §8/§9, partly Burmese), in one
 * place: the machines say them, src/app/messages.ts words them in the reader's language by these
 * very constants (never by matching a sentence), so a changed text cannot drift from its words.
 */
export const ENTER_AMOUNT = 'ပမာဏ ရိုက်ထည့်ပါ။';
export const TRANSFERRED = 'လွှဲပြောင်းခြင်း အောင်မြင်ပါသည်။';
export const SOMETHING_WRONG = 'Something Went Wrong!';
export const CHOOSE_PAYMENT_TYPE = 'ငွေပေးချေမှုနည်းလမ်း ရွေးချယ်ပါ။';
export const NETWORK_ERROR = 'Network error. Please try again.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';
export const INVALID_AMOUNT = 'Please enter a valid amount';
export const EXCHANGE_FAILED = 'Exchange failed!';
/** The contract's answer to an exchange (api-contract.md), shown as the success toast. */
export const EXCHANGED = 'successfully exchange balance';
export const DEPOSITED = 'Deposit successfully';
export const WITHDRAWN = 'Withdraw Success';
export const LAUNCH_NO_URL = 'Launch failed: No URL or content.';
export const LAUNCH_FAILED = 'Failed to launch game.';
export const POPUP_BLOCKED = 'Popup blocked. Please allow popups.';
