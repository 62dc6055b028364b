/**
 * The deposit form's QA plan (docs/qa-paths/deposit-form.md) in the browser: a driver per step and
 * what the player must see in each state, from the spec (product-spec §2 Information → transfer,
 * §5 Deposit, §7 /banks and /depositfinicial, §8): the account to pay into is the first returned
 * until another is chosen, Copy only when it has a number, each server error under its field,
 * the button busy while sending; success toasts 'Deposit sent — waiting for approval', lands on the deposit log
 * with the request Pending, and the balance moves only when an operator approves.
 */
import { and, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Bank } from '../../../../src/api/types';
import { depositRequests } from '../../../../server/db/schema';
import { depositFormPaths } from '../../../machines/deposit-form.paths';
import type { DrivenStep, PathJourney, ScreenStep, StepDriver } from '../drive-paths';
import type { Harness } from '../harness';
import { shownKs } from '../harness';
import {
  chipBalance,
  english,
  errorShown,
  errorUnder,
  expectChip,
  expectSeen,
  expectToast,
  label,
  missingFromLog,
  shownErrors,
  squash,
  typedPya,
} from './cashier-screen';
import {
  answerLoad,
  answerSubmit,
  arrangeAccounts,
  asOperator,
  closeCashierWorld,
  holdIfBusy,
  openCashierWorld,
  transportFailure,
  type CashierWorld,
} from './cashier-world';

const L = {
  amount: label('wallet.amount'),
  reference: label('cashier.transactionId'),
  receipt: label('cashier.receipt'),
  removeReceipt: label('cashier.removeReceipt'),
  change: label('cashier.change'),
  chooser: label('cashier.chooseBank'),
  close: label('btn.close'),
  copy: label('cashier.copy'),
  copied: label('cashier.copied'),
  submit: label('cashier.submitDeposit'),
  retry: label('btn.tryAgain'),
  loading: label('common.loading'),
  payTo: label('cashier.payTo'),
  accountNumber: label('cashier.accountNumber'),
  noBanks: label('cashier.noBanks'),
};
const FIELD_LABELS: Record<string, string> = { amount: L.amount, refrence_no: L.reference };
const FORM_URL = '/information?tab=transfer&type=deposit';

type Driver = StepDriver<CashierWorld>;

const form = (page: Page) => page.locator('main form');
const chooser = (page: Page) => page.getByRole('dialog', { name: L.chooser });
const accountCard = (page: Page) => form(page).getByRole('region', { name: L.payTo });
const chosenBank = (s: AnyMachineSnapshot): Bank | undefined => s.context.banks.find((b: Bank) => b.id === s.context.bankId);

// --- drivers: the player's intents, by event type ----------------------------------------------

const intents: Record<string, Driver> = {
  'field.change': ({ event }, w) => form(w.page).getByLabel(FIELD_LABELS[event.field]!, { exact: true }).fill(event.value),
  'receipt.choose': async ({ event }, w) => {
    if (!event.file) return form(w.page).getByRole('button', { name: L.removeReceipt }).click();
    const file = event.file as File;
    const buffer = Buffer.from(await file.arrayBuffer());
    await form(w.page).getByLabel(L.receipt, { exact: true }).setInputFiles({ name: file.name, mimeType: file.type, buffer });
  },
  'chooser.open': (_, w) => accountCard(w.page).getByRole('button', { name: L.change, exact: true }).click(),
  'chooser.close': (_, w) => chooser(w.page).getByRole('button', { name: L.close, exact: true }).click(),
  'bank.choose': ({ event, before }, w) => {
    const bank = (before.context.banks as Bank[]).find((b) => b.id === event.id)!;
    return chooser(w.page).getByRole('button').filter({ hasText: bank.paymentTypeName }).filter({ hasText: bank.accountName }).click();
  },
  'account.copy': (_, w) => accountCard(w.page).getByRole('button', { name: L.copy }).click(),
  'deposit.submit': (step, w) => {
    holdIfBusy(w.submit, step);
    return form(w.page).getByRole('button', { name: L.submit }).click();
  },
  'banks.retry': (_, w) => {
    w.load.arm();
    return w.page.getByRole('button', { name: L.retry }).click();
  },
};

// --- drivers: the server's answers, arranged for real; transport failures only by the router ---

const answers: Record<string, Driver> = {
  'xstate.done.actor.loadBanks': async ({ event }, w) => {
    await arrangeAccounts(w, event.output as Bank[]);
    await answerLoad(w, { to: 'server' }, 200);
  },
  'xstate.error.actor.loadBanks': ({ event }, w) => answerLoad(w, transportFailure(event.error), event.error.status),
  'xstate.done.actor.submitDeposit': (_, w) => answerSubmit(w, { to: 'server' }, 200),
  'xstate.error.actor.submitDeposit': ({ event, phrase }, w) => {
    const { status } = event.error;
    if (status !== 0 && status < 500) throw new Error(`a ${status} is not a transport failure: arrange "${phrase}" for real in a phrase driver`);
    return answerSubmit(w, transportFailure(event.error), status);
  },
};

/** The same request sent twice: the first copy (another key) files it, so the page's is a duplicate. */
const sendTwice: Driver = async (_, w) => {
  const [request] = await w.submit.held();
  const headers = { ...request!.headers(), 'idempotency-key': `${request!.headers()['idempotency-key']}-first` };
  const first = await fetch(request!.url(), { method: 'POST', headers, body: new Uint8Array(request!.postDataBuffer() ?? []) });
  expect(first.status, 'the first copy is filed').toBe(200);
  await answerSubmit(w, { to: 'server' }, 409);
};

const byPhrase: Record<string, Driver> = {
  'the server says what is missing (422)': (_, w) => answerSubmit(w, { to: 'server' }, 422),
  'the same reference is already pending (409)': sendTwice,
};

// --- what the player sees ------------------------------------------------------------------------

interface DepositScreen {
  view: 'loading' | 'load failed' | 'no accounts' | 'form' | 'nothing yet';
  failure?: string;
  /** The account card's lines: type, holder, "Account number", the number (or —). */
  account?: string[];
  canCopy?: boolean;
  canChange?: boolean;
  amount?: string;
  reference?: string;
  receipt?: string | null;
  errors?: Record<string, string | null>;
  errorCount?: number;
  alert?: string | null;
  busy?: boolean;
  /** The chooser's tiles ("KBZ Pay U Kyaw Min") and which is pressed; null when closed. */
  chooser?: Array<{ tile: string; chosen: boolean }> | null;
}

async function readChooser(page: Page): Promise<DepositScreen['chooser']> {
  if (!(await chooser(page).count())) return null;
  const tiles = chooser(page).locator('button[aria-pressed]');
  const out = [];
  for (const tile of await tiles.all()) out.push({ tile: squash(await tile.innerText()), chosen: (await tile.getAttribute('aria-pressed')) === 'true' });
  return out;
}

async function receiptName(f: Locator): Promise<string | null> {
  const chosen = f.locator('p', { has: f.page().getByRole('button', { name: L.removeReceipt }) });
  return (await chosen.count()) ? squash(await chosen.innerText()) : null;
}

async function readForm(page: Page): Promise<DepositScreen> {
  const f = form(page);
  const alert = f.getByRole('alert');
  return {
    view: 'form',
    account: (await accountCard(page).locator('p').allInnerTexts()).map(squash),
    canCopy: await accountCard(page).getByRole('button', { name: L.copy }).isEnabled(),
    canChange: (await accountCard(page).getByRole('button', { name: L.change, exact: true }).count()) > 0,
    amount: await f.getByLabel(L.amount, { exact: true }).inputValue(),
    reference: await f.getByLabel(L.reference, { exact: true }).inputValue(),
    receipt: await receiptName(f),
    errors: { amount: await errorUnder(f, L.amount), refrence_no: await errorUnder(f, L.reference) },
    errorCount: (await shownErrors(f)).length,
    alert: (await alert.count()) ? squash(await alert.innerText()) : null,
    busy: (await f.getByRole('button', { name: L.submit }).getAttribute('aria-busy')) === 'true',
    chooser: await readChooser(page),
  };
}

async function observe(page: Page): Promise<DepositScreen> {
  const main = page.locator('main');
  if (await main.getByRole('status', { name: L.loading }).count()) return { view: 'loading' };
  const failed = main.getByRole('alert').filter({ has: page.getByRole('button', { name: L.retry }) });
  if (await failed.count()) return { view: 'load failed', failure: squash(await failed.locator('p').first().innerText()) };
  if (await main.getByText(L.noBanks).count()) return { view: 'no accounts' };
  if (!(await form(page).getByRole('button', { name: L.submit }).count())) return { view: 'nothing yet' };
  return readForm(page);
}

function expected(s: AnyMachineSnapshot, w: CashierWorld): DepositScreen {
  const c = s.context;
  if (s.matches('loading')) return { view: 'loading' };
  if (s.matches('loadFailed')) return { view: 'load failed', failure: english(c.message) };
  if (!c.banks.length) return { view: 'no accounts' };
  const bank = chosenBank(s)!;
  return {
    view: 'form',
    account: [bank.paymentTypeName, bank.accountName, L.accountNumber, bank.accountNumber || '—'],
    // Spec §2: copy works only when the account has a number; not while sending or choosing.
    canCopy: !!bank.accountNumber && s.matches({ ready: 'editing' }),
    canChange: c.banks.length > 1,
    amount: c.amount,
    reference: c.refrenceNo,
    receipt: c.receipt?.name ?? null,
    errors: { amount: errorShown(w.answer, 'amount', c.fieldErrors.amount), refrence_no: errorShown(w.answer, 'refrence_no', c.fieldErrors.refrence_no) },
    errorCount: Object.keys(c.fieldErrors).length,
    alert: c.message ? english(c.message) : null,
    busy: s.hasTag('busy'),
    chooser: s.matches({ ready: 'choosing' }) ? (c.banks as Bank[]).map((b) => ({ tile: `${b.paymentTypeName} ${b.accountName}`, chosen: b.id === c.bankId })) : null,
  };
}

/** Spec §8: 'Copied to clipboard', and the clipboard holds the chosen account's number. */
async function expectCopied(w: CashierWorld, s: AnyMachineSnapshot) {
  await expectToast(w.page, L.copied);
  expect(await w.page.evaluate(() => navigator.clipboard.readText())).toBe(chosenBank(s)!.accountNumber);
}

/**
 * Spec §7/§8 ('Deposit successfully', worded 'Deposit sent — waiting for approval…' by decision 0032), then the deposit log with the request Pending; the balance
 * stays until an operator approves, then grows by the amount. Back on the Deposit tab the form is
 * empty again with the same account.
 */
async function expectFiled(w: CashierWorld, step: DrivenStep) {
  const bank = chosenBank(step.before)!;
  const amount = typedPya(step.before.context.amount);
  await expectToast(w.page, 'Deposit sent — waiting for approval');
  await w.page.waitForURL(/[?&]tab=logs.*[?&]type=deposit|[?&]type=deposit.*[?&]tab=logs/);
  const row = [bank.paymentTypeName, `${bank.accountName} · ${bank.accountNumber}`, `${shownKs(amount)} Ks`];
  await expectSeen(missingFromLog(w.page, [...row, 'Pending']), [], 'the request in the deposit log, Pending');
  await expectChip(w.page, w.gameBalance, 'the balance before approval');
  const [pending] = await w.h.server.database.db.select({ id: depositRequests.id }).from(depositRequests).where(and(eq(depositRequests.userId, w.player.id), eq(depositRequests.status, 0)));
  await asOperator(w, 'POST', `/deposits/${pending!.id}/approve`);
  w.gameBalance += amount;
  await w.page.reload();
  await expectChip(w.page, w.gameBalance, 'the balance after approval');
  await expectSeen(missingFromLog(w.page, [...row, 'Success']), [], 'the deposit log says Success');
  await w.page.goto(FORM_URL);
}

async function expectScreen(w: CashierWorld, step: ScreenStep) {
  if (step.event?.type === 'xstate.done.actor.submitDeposit') await expectFiled(w, step as DrivenStep);
  if (step.event?.type === 'account.copy') await expectCopied(w, step.snapshot);
  await expectSeen(() => observe(w.page), expected(step.snapshot, w), `the deposit form: ${depositFormPaths.describeState(step.snapshot)}`);
  if (step.snapshot.matches('ready')) await expectSeen(() => chipBalance(w.page), shownKs(w.gameBalance), 'the balance chip');
}

export function depositJourney(harness: () => Harness, adminToken: string): PathJourney<CashierWorld> {
  return {
    model: depositFormPaths,
    driversFile: 'tests/e2e/support/path-drivers/deposit.ts',
    byPhrase,
    byEvent: { ...intents, ...answers },
    open: () =>
      openCashierWorld(harness(), {
        url: FORM_URL,
        load: /\/api\/banks(\?|$)/,
        loadCalls: 1,
        submit: /\/api\/depositfinicial(\?|$)/,
        gameKyat: 0,
        password: 'secret123',
        adminToken,
      }),
    expectScreen,
    close: closeCashierWorld,
  };
}
