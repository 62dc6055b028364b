/**
 * Composition root, money part: the wallet and cashier machines provided with real effects. It is
 * its own chunk, loaded when a money screen first needs it (or idly after login), so the first
 * download of `/` carries none of it. Created once per app by live.ts.
 */
import { fromPromise, type AnyActorRef } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { cashierApi } from '../api/cashier';
import { mediaUrl, type Api } from '../api/client';
import { onePage } from '../api/normalise';
import type { Bank, DepositRequest, ExchangeRequest, PageOf, WithdrawRequest } from '../api/types';
import { walletApi } from '../api/wallet';
import { i18n } from '../i18n';
import { depositFormMachine } from '../machines/deposit-form/deposit-form.machine';
import { pagedListMachine } from '../machines/paged-list/paged-list.machine';
import { transferMachine } from '../machines/transfer/transfer.machine';
import { withdrawFormMachine } from '../machines/withdraw-form/withdraw-form.machine';
import { payoutIdFor } from '../machines/withdraw-form/withdraw-options';
import { copyText } from './clipboard';
import { notifyError, notifySuccess } from './notify';
import { moneyInFlight } from '../telegram/effects';

export const DEPOSIT_LOG_URL = '/information?tab=logs&type=deposit';
export const WITHDRAW_LOG_URL = '/information?tab=logs&type=withdraw';

export interface MoneyDeps {
  api: Api;
  /** The session actor; its `balance` child is asked for a fresh balance after money moves. */
  authActor: AnyActorRef;
}

/** A list machine fed by one API call per page. */
const listOf = (fetch: (page: number) => Promise<PageOf<unknown>>) =>
  pagedListMachine.provide({ actors: { fetchPage: fromPromise(({ input }: { input: { page: number } }) => fetch(input.page)) } });

const toastSuccess = (_: unknown, { message }: { message: string }) => notifySuccess(message);

/**
 * After a deposit or withdrawal: its log, from the top, where the new request is the first row
 * (the form was scrolled down to its button; a client-side navigation keeps that offset).
 */
function openLog(url: string) {
  navigate(url);
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
}
const toastError = (_: unknown, { message }: { message: string }) => notifyError(message);

type Cashier = ReturnType<typeof cashierApi>;

/** The deposit and withdraw forms: both pick from the agent's accounts (`loadBanks`). */
function cashierForms(cashier: Cashier, loadBanks: () => Promise<Bank[]>, refreshBalance: () => void) {
  // The withdraw form picks a payment type; the request names a /banks row of it (payoutIdFor).
  let payoutBanks: Bank[] = [];
  return {
    depositForm: depositFormMachine.provide({
      actors: {
        loadBanks: fromPromise(loadBanks),
        submitDeposit: fromPromise(({ input }: { input: DepositRequest }) => moneyInFlight(() => cashier.deposit(input))),
      },
      actions: {
        copyText: (_, { text }) => void copyText(text).catch(() => undefined),
        notifyCopied: () => notifySuccess(i18n.t('cashier.copied')),
        notifySuccess: toastSuccess,
        goToDepositLog: () => openLog(DEPOSIT_LOG_URL),
      },
    }),
    withdrawForm: withdrawFormMachine.provide({
      actors: {
        loadWithdrawOptions: fromPromise(async () => {
          const [banks, saved] = await Promise.all([loadBanks(), cashier.userPayments()]);
          payoutBanks = banks;
          return { banks, saved };
        }),
        submitWithdraw: fromPromise(({ input }: { input: WithdrawRequest }) =>
          moneyInFlight(() => cashier.withdraw({ ...input, payment_type_id: payoutIdFor(payoutBanks, input.payment_type_id) })),
        ),
      },
      actions: { notifySuccess: toastSuccess, refreshBalance, goToWithdrawLog: () => openLog(WITHDRAW_LOG_URL) },
    }),
  };
}

export function createMoneyMachines({ api, authActor }: MoneyDeps) {
  const wallet = walletApi(api);
  const cashier = cashierApi(api);
  const refreshBalance = () => authActor.system.get('balance')?.send({ type: 'balance.refresh' });
  const submitExchange = fromPromise(({ input }: { input: ExchangeRequest }) => moneyInFlight(() => wallet.exchange(input)));
  // Logos are root-relative paths on the API host; forms get ready-to-use addresses.
  const loadBanks = async () => (await cashier.banks()).map((bank) => ({ ...bank, img: mediaUrl(api.baseURL, bank.img) }));

  return {
    /** The Exchange dialog (`{ use: 'exchange' }`) and the internal transfer page (`{ use: 'internalTransfer' }`). */
    transfer: transferMachine.provide({
      actors: { submitExchange },
      actions: { notifySuccess: toastSuccess, notifyError: toastError, refreshBalance },
    }),
    ...cashierForms(cashier, loadBanks, refreshBalance),
    exchangeLog: listOf(wallet.exchangeLog),
    transactions: listOf(wallet.transactions),
    depositLog: listOf(async () => onePage(await cashier.depositLog())),
    withdrawLog: listOf(async () => onePage(await cashier.withdrawLog())),
    depositRequests: listOf(cashier.depositRequests),
    withdrawRequests: listOf(cashier.withdrawRequests),
  };
}

export type MoneyMachines = ReturnType<typeof createMoneyMachines>;
