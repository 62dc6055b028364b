/**
 * The messages a player gets when their money moves or their draw settles (docs/telegram.md
 * § Messages), queued in the caller's transaction (outbox.ts): deposit and withdrawal decisions,
 * 2D results (one message per player per draw, whatever the number of slips), operator
 * adjustments and security notices. Each names its event in its dedupe key, so a retried or
 * repeated event never queues a second message; each carries a button to the page it concerns.
 */
import type { DbOrTx } from '../../db/types';
import { enqueueTelegramMany, notifyPlayer, recipientsOf, type OutboxMessage, type PlayerMessage } from './outbox';
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

/** One decided bet line of a draw. */
export interface DrawLine {
  userId: number;
  number: string;
  /** The prize (settled and won) or the refund (voided); 0 for a lost line. */
  paid: bigint;
}

export interface DrawDecided {
  date: string;
  session: 'morning' | 'evening';
  outcome: 'settled' | 'voided';
  twod: string | null;
  lines: DrawLine[];
}

interface PlayerDraw {
  paid: bigint;
  numbers: Set<string>;
}

/** Per player: what they were paid in all and which numbers they played. */
function byPlayer(lines: DrawLine[]): Map<number, PlayerDraw> {
  const players = new Map<number, PlayerDraw>();
  for (const line of lines) {
    let p = players.get(line.userId);
    if (!p) players.set(line.userId, (p = { paid: 0n, numbers: new Set() }));
    p.paid += line.paid;
    p.numbers.add(line.number);
  }
  return players;
}

function drawText(d: DrawDecided, p: PlayerDraw, lang: BotLang): string {
  const draw = `${d.date} ${wordsOf(lang).session[d.session]}`;
  const amount = kyatText(p.paid, lang);
  if (d.outcome === 'voided') return messageText(lang, 'twoDVoided', { draw, amount });
  if (p.paid > 0n) return messageText(lang, 'twoDWon', { draw, amount, number: d.twod ?? '' });
  return messageText(lang, 'twoDLost', { draw, number: d.twod ?? '', numbers: [...p.numbers].sort().join(', ') });
}

/**
 * One message per player of the draw (won: the prize, the number, the draw; lost: the number and
 * theirs; voided: the refund), in their language, queued in bulk. Returns how many were queued.
 */
export async function noticeDraw(tx: DbOrTx, d: DrawDecided): Promise<number> {
  const players = byPlayer(d.lines);
  const recipients = await recipientsOf(tx, [...players.keys()], 'two_d');
  const page = NOTICE_PAGES.slips[d.session];
  const messages: OutboxMessage[] = recipients.map((r) => ({
    chatId: r.chatId,
    userId: r.userId,
    kind: 'two_d',
    dedupeKey: `two_d:${d.date}:${d.session}:${r.userId}`,
    text: drawText(d, players.get(r.userId)!, r.lang),
    button: { text: wordsOf(r.lang).button.slips, page },
  }));
  return enqueueTelegramMany(tx, messages);
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
