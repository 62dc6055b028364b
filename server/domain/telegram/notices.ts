/**
 * The messages a player gets when their money moves or their draw settles (docs/telegram.md
 * § Messages), queued in the caller's transaction (outbox.ts): deposit and withdrawal decisions,
 * operator adjustments and security notices. (A 2D draw's messages are fanned out after its
 * commit: fanout.ts.) Each names its event in its dedupe key, so a retried or
 * repeated event never queues a second message; each carries a button to the page it concerns.
 */
import type { DbOrTx } from '../../db/types';
import { notifyPlayer, type PlayerMessage } from './outbox';
import { inEveryLanguage, kyatText, messageText, wordsOf, yangonMinute, type BotLang, type ButtonKey, type MessageKey } from './words';

/** The Mini App page each button opens (shared/start-param.ts pages). */
export const NOTICE_PAGES = {
  wallet: 'wallet',
  deposits: 'deposits',
  withdrawals: 'withdrawals',
  slips: { morning: 'slips-morning', evening: 'slips-evening' },
  profile: 'profile',
} as const;

const button = (key: ButtonKey, page: string): PlayerMessage['button'] => ({ page, labels: inEveryLanguage((lang) => wordsOf(lang).button[key]) });

const words = (key: MessageKey, params: (lang: BotLang) => Record<string, string>) => inEveryLanguage((lang) => messageText(lang, key, params(lang)));

export interface DepositDecided {
  id: number;
  userId: number;
  amount: bigint;
  approved: boolean;
  /** The cashier's reason (a rejection), as they typed it. */
  note: string | null;
  /** The game balance after an approval. */
  balance?: bigint;
}

export function noticeDeposit(tx: DbOrTx, d: DepositDecided): Promise<boolean> {
  const reason = d.note?.trim();
  const key: MessageKey = d.approved ? 'depositApproved' : reason ? 'depositRejected' : 'depositRejectedNoReason';
  return notifyPlayer(tx, {
    userId: d.userId,
    kind: 'deposit',
    dedupeKey: `deposit:${d.id}:${d.approved ? 'approved' : 'rejected'}`,
    texts: words(key, (lang) => ({ amount: kyatText(d.amount, lang), balance: kyatText(d.balance ?? 0n, lang), reason: reason ?? '' })),
    button: d.approved ? button('wallet', NOTICE_PAGES.wallet) : button('deposits', NOTICE_PAGES.deposits),
  });
}

export interface WithdrawalDecided {
  id: number;
  userId: number;
  amount: bigint;
  approved: boolean;
  note: string | null;
  /** The payment method's name (KBZPay, Wave Pay …). */
  bank: string;
}

export function noticeWithdrawal(tx: DbOrTx, w: WithdrawalDecided): Promise<boolean> {
  const reason = w.note?.trim();
  const key: MessageKey = w.approved ? 'withdrawApproved' : reason ? 'withdrawRejected' : 'withdrawRejectedNoReason';
  return notifyPlayer(tx, {
    userId: w.userId,
    kind: 'withdraw',
    dedupeKey: `withdraw:${w.id}:${w.approved ? 'approved' : 'rejected'}`,
    texts: words(key, (lang) => ({ amount: kyatText(w.amount, lang), bank: w.bank, reason: reason ?? '' })),
    button: button('withdrawals', NOTICE_PAGES.withdrawals),
  });
}

export interface AdjustmentApplied {
  id: number;
  userId: number;
  wallet: 'main' | 'game';
  kind: 'bonus' | 'correction' | 'goodwill';
  /** Signed pya. */
  amount: bigint;
  reason: string;
  /** The wallet's balance after it. */
  balance: bigint;
}

export function noticeAdjustment(tx: DbOrTx, a: AdjustmentApplied): Promise<boolean> {
  const key: MessageKey = a.amount > 0n ? 'adjustmentCredit' : 'adjustmentDebit';
  return notifyPlayer(tx, {
    userId: a.userId,
    kind: 'adjustment',
    dedupeKey: `adjustment:${a.id}`,
    texts: words(key, (lang) => ({
      amount: kyatText(a.amount < 0n ? -a.amount : a.amount, lang),
      wallet: wordsOf(lang).wallet[a.wallet],
      kind: wordsOf(lang).adjustment[a.kind],
      reason: a.reason,
      balance: kyatText(a.balance, lang),
    })),
    button: button('wallet', NOTICE_PAGES.wallet),
  });
}

/** A sign-in from a device and a network the player never used before (sign-in-places.ts decides). */
export function noticeNewSignIn(tx: DbOrTx, userId: number, at: Date): Promise<boolean> {
  return notifyPlayer(tx, {
    userId,
    kind: 'security',
    dedupeKey: `security:sign_in:${userId}:${at.getTime()}`,
    texts: words('signInNewPlace', () => ({ when: yangonMinute(at) })),
    button: button('profile', NOTICE_PAGES.profile),
  });
}

/** The password changed, or (`first`) a Telegram-only player set one: the account now opens on the web too. */
export function noticePasswordChanged(tx: DbOrTx, userId: number, at: Date, first = false): Promise<boolean> {
  return notifyPlayer(tx, {
    userId,
    kind: 'security',
    dedupeKey: `security:password:${userId}:${at.getTime()}`,
    texts: words(first ? 'passwordSet' : 'passwordChanged', () => ({ when: yangonMinute(at) })),
    button: button('profile', NOTICE_PAGES.profile),
  });
}
