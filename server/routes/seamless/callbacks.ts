import type { Deps } from '../../types/app';
import {
  BET_ACTIONS,
  CANCEL_ACTIONS,
  CREDIT_ACTIONS,
  cancelBet,
  creditWin,
  findMember,
  gameBalance,
  gameNameOf,
  placeBet,
  recordBetData,
  type Member,
  type SeamlessTx,
  type TxResult,
} from '../../domain/seamless';
import {
  ACTION_WORDS,
  SeamlessCode,
  formatUnits,
  isCurrency,
  parseRequestTime,
  seamlessSign,
  type Currency,
  type SeamlessEndpoint,
} from '../../domain/seamless-protocol';
import { signMatches } from '../../lib/signature';
import { claimSign } from '../../domain/seamless-calls';
import { seamlessKey } from '../../lib/install-secrets';
import { betDataItem, echoedMember, firstProblem, productCode, transactionSchema } from './schemas';
import { log, errFields } from '../../lib/log';

/** One answer in `data`. */
export interface Answer {
  member_account: unknown;
  product_code: unknown;
  before_balance: number;
  balance: number;
  code: number;
  message: string;
}

export interface CallbackResponse {
  data: Answer[];
  /** Only when the request itself could not be read (no batch to answer per entry). */
  code?: number;
  message?: string;
}

type Body = Record<string, unknown>;

function isRecord(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** product_code as an integer, or undefined (schemas.ts productCode). */
function productCodeOf(value: unknown): number | undefined {
  const read = productCode.safeParse(value);
  return read.success ? read.data : undefined;
}

function echoProductCode(value: unknown): unknown {
  return productCodeOf(value) ?? value ?? null;
}

/**
 * Answers one callback (docs/seamless.md). Request-level checks come first, before any per-entry
 * work, and refuse the whole request with ONE small answer (the first entry's member, or none):
 * operator and signature (1004), request_time within SEAMLESS_MAX_AGE_SECONDS of our clock (999),
 * currency MMK or MMK2 (2001), batch size (999), and a sign already used with another body (1004).
 * Then each entry: member (1000), and for withdraw/deposit each of its transactions, in order.
 */
export async function answerCallback(deps: Deps, endpoint: SeamlessEndpoint, body: unknown, raw = ''): Promise<CallbackResponse> {
  if (!isRecord(body) || !Array.isArray(body.batch_requests)) {
    return { code: SeamlessCode.InternalError, message: 'Malformed request: batch_requests is required', data: [] };
  }
  const entries = body.batch_requests as unknown[];
  const checked = await checkRequest(deps, endpoint, body, entries, raw);
  if ('refusal' in checked) return refuseAll(entries, checked.refusal.code, checked.refusal.message);

  const data: Answer[] = [];
  for (const entry of entries) {
    data.push(...(await answerEntry(deps, endpoint, checked.currency, entry)));
  }
  return { data };
}

/** The whole request refused: one answer, for the first entry's member (or none). */
function refuseAll(entries: unknown[], code: number, message: string): CallbackResponse {
  const first = isRecord(entries[0]) ? entries[0] : {};
  const member = echoedMember.parse(first.member_account);
  return {
    code,
    message,
    data: entries.length ? [{ member_account: member, product_code: productCodeOf(first.product_code) ?? null, before_balance: 0, balance: 0, code, message }] : [],
  };
}

/** The request-level checks, in order (see answerCallback): the currency, or why the request is refused. */
async function checkRequest(
  deps: Deps,
  endpoint: SeamlessEndpoint,
  body: Body,
  entries: unknown[],
  raw: string,
): Promise<{ currency: Currency } | { refusal: { code: number; message: string } }> {
  const refusal = (code: number, message: string) => ({ refusal: { code, message } });
  const { env } = deps;
  const time = parseRequestTime(body.request_time);
  const operatorOk = typeof body.operator_code === 'string' && body.operator_code === env.SEAMLESS_OPERATOR_CODE;
  const expected = seamlessSign(env.SEAMLESS_OPERATOR_CODE, time?.text ?? '', ACTION_WORDS[endpoint], seamlessKey(env));
  // The signature is checked even for an unknown operator, so both cost the same.
  const signOk = signMatches(body.sign, expected);
  if (!operatorOk || !time || !signOk) return refusal(SeamlessCode.InvalidSignature, 'Invalid signature');

  const now = deps.clock.now();
  const skew = Math.abs(now.getTime() - time.ms);
  if (skew > env.SEAMLESS_MAX_AGE_SECONDS * 1000) {
    return refusal(SeamlessCode.InternalError, `request_time is more than ${env.SEAMLESS_MAX_AGE_SECONDS} seconds from our clock`);
  }
  if (!isCurrency(body.currency)) return refusal(SeamlessCode.InvalidCurrency, 'Invalid currency');
  const currency = body.currency;

  if (entries.length > env.SEAMLESS_MAX_BATCH) return refusal(SeamlessCode.InternalError, `At most ${env.SEAMLESS_MAX_BATCH} batch_requests per call`);
  let transactions = 0;
  for (const entry of entries) if (isRecord(entry) && Array.isArray(entry.transactions)) transactions += entry.transactions.length;
  if (transactions > env.SEAMLESS_MAX_TRANSACTIONS) return refusal(SeamlessCode.InternalError, `At most ${env.SEAMLESS_MAX_TRANSACTIONS} transactions per call`);

  // The sign covers operator, time and action, not the body: one seen before must come with the same body.
  if (!(await claimSign(deps.database.db, { action: endpoint, requestTime: time.text, sign: String(body.sign), raw }, now, env.SEAMLESS_MAX_AGE_SECONDS))) {
    return refusal(SeamlessCode.InvalidSignature, 'Signature already used for another request');
  }
  return { currency };
}

type AnswerOf = (code: number, message: string, before?: bigint, after?: bigint) => Answer;

async function answerEntry(deps: Deps, endpoint: SeamlessEndpoint, currency: Currency, entry: unknown): Promise<Answer[]> {
  const e = isRecord(entry) ? entry : {};
  const memberAccount = e.member_account ?? null;
  const answer: AnswerOf = (code, message, before = 0n, after = before) => ({
    member_account: memberAccount,
    product_code: echoProductCode(e.product_code),
    before_balance: formatUnits(before, currency),
    balance: formatUnits(after, currency),
    code,
    message,
  });

  try {
    if (typeof memberAccount !== 'string' || memberAccount === '') return [answer(SeamlessCode.MemberNotExist, 'Member not found')];
    const { db } = deps.database;
    const member = await findMember(db, memberAccount);
    if (!member) return [answer(SeamlessCode.MemberNotExist, 'Member not found')];

    if (endpoint === 'balance') {
      const balance = await gameBalance(db, member.id);
      return [answer(SeamlessCode.Success, 'Success', balance)];
    }
    const productCode = productCodeOf(e.product_code);
    if (productCode === undefined) {
      return [answer(SeamlessCode.InternalError, 'Invalid product_code', await gameBalance(db, member.id))];
    }
    const transactions = Array.isArray(e.transactions) ? (e.transactions as unknown[]) : [];
    return await answerTransactions(deps, { endpoint, currency, member, productCode }, transactions, answer);
  } catch (err) {
    log.error({ err: errFields(err) }, 'seamless callback failed');
    return [answer(SeamlessCode.InternalError, 'Internal error')];
  }
}

/** Whose transactions these are, and through which endpoint. */
interface EntryContext {
  endpoint: Exclude<SeamlessEndpoint, 'balance'>;
  currency: Currency;
  member: Member;
  productCode: number;
}

/** pushbetdata records the bet data; withdraw and deposit apply each transaction in order. */
async function answerTransactions(deps: Deps, ctx: EntryContext, transactions: unknown[], answer: AnswerOf): Promise<Answer[]> {
  const { db } = deps.database;
  const { endpoint, currency, member, productCode } = ctx;
  if (endpoint === 'pushbetdata') {
    const items = transactions.filter(isRecord).map((t) => {
      const item = betDataItem.parse(t);
      return { wagerCode: item.wager_code, gameCode: item.game_code, wagerStatus: item.wager_status };
    });
    await recordBetData(db, member, productCode, items, deps.clock.now());
    return [answer(SeamlessCode.Success, 'Success', await gameBalance(db, member.id))];
  }

  if (transactions.length === 0) {
    return [answer(SeamlessCode.InternalError, 'No transactions', await gameBalance(db, member.id))];
  }
  const answers: Answer[] = [];
  for (const raw of transactions) {
    const result = await applyTransaction(deps, endpoint, currency, member, productCode, raw);
    answers.push(answer(result.code, result.message, result.before, result.after));
  }
  return answers;
}

async function applyTransaction(
  deps: Deps,
  endpoint: 'withdraw' | 'deposit',
  currency: Currency,
  member: Member,
  productCode: number,
  raw: unknown,
): Promise<TxResult> {
  const { db } = deps.database;
  const refuse = async (message: string): Promise<TxResult> => {
    const balance = await gameBalance(db, member.id);
    return { code: SeamlessCode.InternalError, message, before: balance, after: balance };
  };
  const read = firstProblem(transactionSchema(endpoint, currency), raw);
  if (!read.ok) return refuse(read.message);
  const tx: SeamlessTx = read.data;
  const { action, gameCode } = tx;
  const ctx = { db, member, productCode, endpoint, now: deps.clock.now() };

  if (endpoint === 'withdraw') {
    if (!BET_ACTIONS.has(action)) return refuse(`Unsupported action on withdraw: ${action || '(none)'}`);
    return placeBet(ctx, tx, await gameNameOf(db, productCode, gameCode));
  }
  if (CREDIT_ACTIONS.has(action)) {
    if (tx.amount < 0n) return refuse('A credit amount cannot be negative');
    return creditWin(ctx, tx, await gameNameOf(db, productCode, gameCode));
  }
  if (CANCEL_ACTIONS.has(action)) return cancelBet(ctx, tx, await gameNameOf(db, productCode, gameCode));
  return refuse(`Unsupported action on deposit: ${action || '(none)'}`);
}
