import { asList, type Api } from './client';
import { isRow, money, nameOf, numberOrNull, okMessage, text, toPage } from './normalise';
import type {
  Bank,
  CashierLogRow,
  CashierRequestRow,
  DepositRequest,
  PageOf,
  RequestStatus,
  UserPayment,
  WithdrawRequest,
} from './types';

type Row = Record<string, unknown>;
const row = (value: unknown): Row => (isRow(value) ? value : {});

/** `{ id, name, no, bank_id, bank_name, img }` or `{ id, payment_type, account_name, account_number, image }`. */
export function toBank(value: unknown): Bank {
  const r = row(value);
  const type = isRow(r.payment_type) ? r.payment_type : {};
  const id = numberOrNull(r.id) ?? 0;
  return {
    id,
    accountName: text(r.account_name ?? r.name),
    accountNumber: text(r.account_number ?? r.account_no ?? r.no),
    // A legacy row naming its type only has no other number to send as payment_type_id.
    paymentTypeId: numberOrNull(r.payment_type_id ?? type.id ?? r.bank_id) ?? id,
    paymentTypeName: nameOf(r.payment_type) || text(r.bank_name),
    img: text(r.img ?? r.image ?? type.img),
  };
}

/** `{ id?, payment_type: { id?, name }, account_name, account_no }`. */
export function toUserPayment(value: unknown): UserPayment {
  const r = row(value);
  const type = isRow(r.payment_type) ? r.payment_type : {};
  return {
    id: numberOrNull(r.id),
    paymentTypeId: numberOrNull(r.payment_type_id ?? type.id),
    paymentTypeName: nameOf(r.payment_type),
    accountName: text(r.account_name),
    accountNumber: text(r.account_no ?? r.account_number),
  };
}

export function toLogRow(value: unknown): CashierLogRow {
  const r = row(value);
  return {
    id: numberOrNull(r.id) ?? 0,
    datetime: text(r.datetime ?? r.created_at),
    paymentType: nameOf(r.payment_type),
    accountName: text(r.account_name),
    accountNumber: text(r.account_number ?? r.account_no),
    amount: money(r.amount),
    status: text(r.status),
  };
}

const optional = (value: unknown) => text(value) || undefined;

export function toRequestRow(value: unknown): CashierRequestRow {
  const r = row(value);
  return {
    id: numberOrNull(r.id) ?? 0,
    status: (numberOrNull(r.status) ?? 0) as RequestStatus,
    createdAt: text(r.created_at ?? r.datetime),
    amount: money(r.amount),
    refrenceNo: optional(r.refrence_no),
    paymentType: nameOf(r.payment_type) || undefined,
    accountName: optional(r.account_name),
    accountNumber: optional(r.account_number ?? r.account_no),
  };
}

/** Multipart only when a receipt is attached; the server reads both. */
function depositBody({ agent_payment_type_id, amount, refrence_no, receipt }: DepositRequest) {
  if (!receipt) return { agent_payment_type_id, amount, refrence_no };
  const form = new FormData();
  form.append('agent_payment_type_id', String(agent_payment_type_id));
  form.append('amount', String(amount));
  form.append('refrence_no', refrence_no);
  form.append('receipt', receipt);
  return form;
}

/** Deposits and withdrawals through the agent's accounts (api-contract.md, Cashier). */
export function cashierApi(api: Api) {
  const list = async <T>(path: string, map: (value: unknown) => T) => asList<unknown>(await api.request<unknown>(path)).map(map);
  const page = async <T>(path: string, n: number, map: (value: unknown) => T): Promise<PageOf<T>> =>
    toPage(await api.request<unknown>(path, { query: { page: n } }), map);

  return {
    banks: (): Promise<Bank[]> => list('/banks', toBank),
    /** Every saved payout account (`?all=1`; without it the API answers the latest one, as the legacy backend). */
    userPayments: async (): Promise<UserPayment[]> => asList<unknown>(await api.request<unknown>('/user-payment', { query: { all: 1 } })).map(toUserPayment),
    async deposit(input: DepositRequest): Promise<{ message: string }> {
      const body = await api.request<unknown>('/depositfinicial', {
        method: 'POST',
        body: depositBody(input),
        headers: { 'Idempotency-Key': input.key },
      });
      return { message: okMessage(body, 'Deposit Request Success', 'Deposit failed!') };
    },
    async withdraw({ key, ...fields }: WithdrawRequest): Promise<{ message: string }> {
      const body = await api.request<unknown>('/withdrawfinicial', {
        method: 'POST',
        body: fields,
        headers: { 'Idempotency-Key': key },
      });
      return { message: okMessage(body, 'Withdraw Request Success', 'Withdraw failed!') };
    },
    depositLog: (): Promise<CashierLogRow[]> => list('/depositlogfinicial', toLogRow),
    withdrawLog: (): Promise<CashierLogRow[]> => list('/withdrawlogfinicial', toLogRow),
    depositRequests: (n = 1) => page('/transaction/deposit-requestlog', n, toRequestRow),
    withdrawRequests: (n = 1) => page('/transaction/withdraw-requestlog', n, toRequestRow),
  };
}

export type CashierApi = ReturnType<typeof cashierApi>;
