/**
 * The withdraw form's QA plan (docs/qa-paths/withdraw-form.md) in the browser: a driver per step and
 * what the player must see in each state, from the spec (product-spec §2 Information → transfer,
 * §5 Withdraw, §7 /withdrawfinicial, §8): the payment types on offer with the last payout account
 * filled in, the Burmese prompt (in English here) when no type is chosen, the server's words under
 * each field, the button busy while sending; success toasts 'Withdraw Success', lands on the
 * withdraw log with the request Pending, and the amount is held from the game balance at once.
 */
import type { Locator, Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import type { Bank, UserPayment } from '../../../../src/api/types';
import { GAME_BALANCE, overBalance, withdrawFormPaths } from '../../../machines/withdraw-form.paths';
import type { DrivenStep, PathJourney, ScreenStep, StepDriver } from '../drive-paths';
import { shownKs, type Harness } from '../harness';
import { chipBalance, english, errorShown, errorUnder, expectChip, expectSeen, expectToast, label, missingFromLog, shownErrors, squash, typedPya } from './cashier-screen';
import {
  answerLoad,
  answerSubmit,
  arrangeAccounts,
  arrangeSavedPayouts,
  closeCashierWorld,
  emptyGameWallet,
  fundAtLeast,
  holdIfBusy,
  openCashierWorld,
  setPassword,
  transportFailure,
  withdrawPaymentType,
  type CashierWorld,
} from './cashier-world';

const FIELD_LABELS = {
  account_name: label('cashier.accountName'),
  account_number: label('cashier.accountNumber'),
  amount: label('wallet.amount'),
  password: label('cashier.password'),
} as const;
type Field = keyof typeof FIELD_LABELS;
const FIELDS = Object.keys(FIELD_LABELS) as Field[];

const L = {
  submit: label('cashier.submitWithdraw'),
  retry: label('btn.tryAgain'),
  loading: label('common.loading'),
  noTypes: label('cashier.noPaymentTypes'),
  gameBalance: label('wallet.gameBalance'),
};
const FORM_URL = '/information?tab=transfer&type=withdraw';

type Driver = StepDriver<CashierWorld>;
type PaymentTypeRow = { id: number; name: string };

const form = (page: Page) => page.locator('main form');
const typeName = (s: AnyMachineSnapshot, id: number | null) => (s.context.paymentTypes as PaymentTypeRow[]).find((t) => t.id === id)?.name;

// --- drivers: the player's intents, by event type ----------------------------------------------

const intents: Record<string, Driver> = {
  'paymentType.choose': ({ event, before }, w) => form(w.page).getByRole('radio', { name: typeName(before, event.id), exact: true }).click(),
  'field.change': ({ event }, w) => form(w.page).getByLabel(FIELD_LABELS[event.field as Field], { exact: true }).fill(event.value),
  'withdraw.submit': async (step, w) => {
    await arrangeGameBalance(step.before, w);
    holdIfBusy(w.submit, step);
    return form(w.page).getByRole('button', { name: L.submit }).click();
  },
  'options.retry': (_, w) => {
    w.load.arm();
    return w.page.getByRole('button', { name: L.retry }).click();
  },
};

/**
 * The model submits with GAME_BALANCE in the game wallet: an amount above it is refused on the
 * page (decision 0032), any other is sent. The real wallet is made to agree before the click —
 * exactly GAME_BALANCE for the refusal, at least the amount otherwise — and the page shows it.
 */
async function arrangeGameBalance(before: AnyMachineSnapshot, w: CashierWorld) {
  const c = before.context;
  const target = overBalance(c as never) ? BigInt(Number(GAME_BALANCE)) * 100n : c.paymentTypeId === null || !c.amount ? 0n : typedPya(c.amount);
  const exact = overBalance(c as never);
  if (exact ? w.gameBalance === target : w.gameBalance >= target) return;
  if (exact && w.gameBalance > target) await emptyGameWallet(w);
  await fundAtLeast(w, target);
  await expectSeen(() => chipBalance(w.page), shownKs(w.gameBalance), 'the page knows the arranged game balance');
}

/** The page's own refusal of an amount above the game balance, in English. */
const shortWords = (notice: { values: { available: string; minimum: string } }) =>
  label('cashier.withdrawShort').replace('{{available}}', notice.values.available).replace('{{minimum}}', notice.values.minimum);

// --- drivers: the server's answers, arranged for real; transport failures only by the router ---

const answers: Record<string, Driver> = {
  'xstate.done.actor.loadWithdrawOptions': async ({ event }, w) => {
    const { banks, saved } = event.output as { banks: Bank[]; saved: UserPayment[] };
    await arrangeAccounts(w, banks);
    await arrangeSavedPayouts(w, saved);
    await answerLoad(w, { to: 'server' }, 200);
  },
  'xstate.error.actor.loadWithdrawOptions': ({ event }, w) => answerLoad(w, transportFailure(event.error), event.error.status),
  /** What was typed is right: the player's password, and enough in the game wallet. */
  'xstate.done.actor.submitWithdraw': async ({ before }, w) => {
    await setPassword(w, before.context.password);
    await fundAtLeast(w, typedPya(before.context.amount));
    await answerSubmit(w, { to: 'server' }, 200);
  },
  'xstate.error.actor.submitWithdraw': ({ event, phrase }, w) => {
    const { status } = event.error;
    if (status !== 0 && status < 500) throw new Error(`a ${status} is not a transport failure: arrange "${phrase}" for real in a phrase driver`);
    return answerSubmit(w, transportFailure(event.error), status);
  },
};

const byPhrase: Record<string, Driver> = {
  'the server says what is missing (422)': (_, w) => answerSubmit(w, { to: 'server' }, 422),
  'the balance is too low (400)': async (_, w) => {
    await emptyGameWallet(w);
    await answerSubmit(w, { to: 'server' }, 400);
  },
  'the password is wrong (422)': async ({ before }, w) => {
    await setPassword(w, `${before.context.password}-changed`);
    await answerSubmit(w, { to: 'server' }, 422);
  },
  'the payment type is no longer offered (422)': async ({ before }, w) => {
    await withdrawPaymentType(w, typeName(before, before.context.paymentTypeId)!);
    await answerSubmit(w, { to: 'server' }, 422);
  },
};

// --- what the player sees ------------------------------------------------------------------------

interface WithdrawScreen {
  view: 'loading' | 'load failed' | 'no payment types' | 'form' | 'nothing yet';
  failure?: string;
  /** The game balance the amount is held from, as the form shows it. */
  balance?: string;
  types?: Array<{ name: string; chosen: boolean }>;
  values?: Record<Field, string>;
  errors?: Record<Field | 'payment_type_id', string | null>;
  errorCount?: number;
  alert?: string | null;
  busy?: boolean;
}

async function readTypes(f: Locator): Promise<WithdrawScreen['types']> {
  const out = [];
  for (const radio of await f.getByRole('radio').all()) out.push({ name: squash(await radio.innerText()), chosen: (await radio.getAttribute('aria-checked')) === 'true' });
  return out;
}

async function readFields(f: Locator) {
  const values = {} as Record<Field, string>;
  const errors = {} as Record<Field | 'payment_type_id', string | null>;
  const typeError = f.getByRole('radiogroup').locator('xpath=following-sibling::p[contains(@class, "field-error")]');
  errors.payment_type_id = (await typeError.count()) ? squash(await typeError.innerText()) : null;
  for (const field of FIELDS) {
    values[field] = await f.getByLabel(FIELD_LABELS[field], { exact: true }).inputValue();
    errors[field] = await errorUnder(f, FIELD_LABELS[field]);
  }
  return { values, errors };
}

async function readForm(page: Page): Promise<WithdrawScreen> {
  const f = form(page);
  const alert = f.getByRole('alert');
  const balance = f.getByText(L.gameBalance, { exact: true }).locator('xpath=following-sibling::p[1]');
  return {
    view: 'form',
    balance: squash(await balance.innerText()),
    types: await readTypes(f),
    ...(await readFields(f)),
    errorCount: (await shownErrors(f)).length,
    alert: (await alert.count()) ? squash(await alert.innerText()) : null,
    busy: (await f.getByRole('button', { name: L.submit }).getAttribute('aria-busy')) === 'true',
  };
}

async function observe(page: Page): Promise<WithdrawScreen> {
  const main = page.locator('main');
  if (await main.getByRole('status', { name: L.loading }).count()) return { view: 'loading' };
  const failed = main.getByRole('alert').filter({ has: page.getByRole('button', { name: L.retry }) });
  if (await failed.count()) return { view: 'load failed', failure: squash(await failed.locator('p').first().innerText()) };
  if (await main.getByText(L.noTypes).count()) return { view: 'no payment types' };
  if (!(await form(page).getByRole('button', { name: L.submit }).count())) return { view: 'nothing yet' };
  return readForm(page);
}

function expected(s: AnyMachineSnapshot, w: CashierWorld): WithdrawScreen {
  const c = s.context;
  if (s.matches('loading')) return { view: 'loading' };
  if (s.matches('loadFailed')) return { view: 'load failed', failure: english(c.message) };
  if (!c.paymentTypes.length) return { view: 'no payment types' };
  const values = { account_name: c.accountName, account_number: c.accountNumber, amount: c.amount, password: c.password };
  // The payment type's error is the site's own prompt (spec §5), whatever the server said.
  const errors = Object.fromEntries([
    ['payment_type_id', errorShown(w.answer, 'payment_type_id', c.fieldErrors.payment_type_id, false)],
    ...FIELDS.map((field) => [field, errorShown(w.answer, field, c.fieldErrors[field])]),
  ]) as WithdrawScreen['errors'];
  return {
    view: 'form',
    balance: `${shownKs(w.gameBalance)} Ks`,
    types: (c.paymentTypes as PaymentTypeRow[]).map((t) => ({ name: t.name, chosen: t.id === c.paymentTypeId })),
    values,
    errors,
    errorCount: Object.keys(c.fieldErrors).length,
    alert: c.message ? english(c.message) : c.notice ? shortWords(c.notice) : null,
    busy: s.hasTag('busy'),
  };
}

/**
 * Spec §7/§8: 'Withdraw Success', then the withdraw log with the request Pending; the amount is
 * held from the game balance at once. Back on the Withdraw tab the payout account is still filled
 * in (the server saved it), the amount and password are empty.
 */
async function expectFiled(w: CashierWorld, step: DrivenStep) {
  const c = step.before.context;
  const amount = typedPya(c.amount);
  await expectToast(w.page, 'Withdraw Success');
  await w.page.waitForURL(/[?&]tab=logs.*[?&]type=withdraw|[?&]type=withdraw.*[?&]tab=logs/);
  const row = [typeName(step.before, c.paymentTypeId)!, `${c.accountName} · ${c.accountNumber}`, `${shownKs(amount)} Ks`, 'Pending'];
  await expectSeen(missingFromLog(w.page, row), [], 'the request in the withdraw log, Pending');
  w.gameBalance -= amount;
  await expectChip(w.page, w.gameBalance, 'the amount held from the game balance');
  await w.page.goto(FORM_URL);
}

async function expectScreen(w: CashierWorld, step: ScreenStep) {
  if (step.event?.type === 'xstate.done.actor.submitWithdraw') await expectFiled(w, step as DrivenStep);
  await expectSeen(() => observe(w.page), expected(step.snapshot, w), `the withdraw form: ${withdrawFormPaths.describeState(step.snapshot)}`);
  if (step.snapshot.matches('ready')) await expectSeen(() => chipBalance(w.page), shownKs(w.gameBalance), 'the balance chip');
}

export function withdrawJourney(harness: () => Harness, adminToken: string): PathJourney<CashierWorld> {
  return {
    model: withdrawFormPaths,
    driversFile: 'tests/e2e/support/path-drivers/withdraw.ts',
    byPhrase,
    byEvent: { ...intents, ...answers },
    open: () =>
      openCashierWorld(harness(), {
        url: FORM_URL,
        load: /\/api\/(banks|user-payment)(\?|$)/,
        loadCalls: 2,
        submit: /\/api\/withdrawfinicial(\?|$)/,
        gameKyat: 50_000,
        password: 'secret123',
        adminToken,
      }),
    expectScreen,
    close: closeCashierWorld,
  };
}
