/**
 * The internal transfer page's QA plan (docs/qa-paths/internal-transfer.md) in the browser: a
 * driver per step and what the player must see in each state, from the spec (product-spec §2
 * Wallet → /wallet/internal-transfer, §4 Transfer direction, §5 Internal transfer, §8 Transfer):
 * the wallet the money leaves (From, with its balance), the swap toggle, the wallet it goes to
 * (To), the amount and what went wrong; an amount of 0 reads 'ပမာဏ ရိုက်ထည့်ပါ။' and sends
 * nothing; the button is busy while sending; success toasts 'လွှဲပြောင်းခြင်း အောင်မြင်ပါသည်။',
 * the amount resets, the direction stays and the amount leaves the one wallet for the other.
 */
import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { internalTransferPaths } from '../../../machines/internal-transfer.paths';
import type { PathJourney, ScreenStep, StepDriver } from '../drive-paths';
import { shownKs, type Harness } from '../harness';
import { chipBalance, english, expectSeen, expectToast, label, squash } from './cashier-screen';
import {
  directionLabel,
  expectBooks,
  transferJourney,
  expectExchangeRow,
  ks,
  otherWallet,
  press,
  typeAmount,
  walletOf,
  type TransferWorld,
  type Wallet,
} from './transfer-world';

const L = {
  submit: label('wallet.transferNow'),
  swap: label('wallet.swap'),
  from: label('wallet.from'),
  to: label('wallet.to'),
  amount: label('wallet.amount'),
};
const WALLET_NAME: Record<Wallet, string> = { main: label('wallet.mainWallet'), game: label('wallet.gameWallet') };
const PAGE_URL = '/wallet/internal-transfer';
/** Spec §8: the transfer's success toast (in the reader's language: English here). */
const TRANSFERRED = 'လွှဲပြောင်းခြင်း အောင်မြင်ပါသည်။';

type Driver = StepDriver<TransferWorld>;

const form = (page: Page) => page.locator('main form');
const amountField = (page: Page) => form(page).getByLabel(L.amount, { exact: true });
const submitButton = (page: Page) => form(page).getByRole('button', { name: L.submit, exact: true });
const swapButton = (page: Page) => form(page).getByRole('button', { name: new RegExp(`^${L.swap}: `) });

/** A wallet tile by its role ("From"): the wallet's name and its balance. */
async function walletTile(page: Page, role: string): Promise<{ wallet: string; balance: string }> {
  const tile = form(page).getByText(role, { exact: true }).locator('xpath=../..');
  // The role line is upper-cased by CSS; the name and the balance follow it.
  const [, wallet = '', balance = ''] = (await tile.innerText()).split('\n').map(squash).filter(Boolean);
  return { wallet, balance };
}

// --- drivers: the player's intents, by event type ----------------------------------------------

const intents: Record<string, Driver> = {
  'amount.change': ({ event }, w) => typeAmount(amountField(w.page), event.value),
  'direction.toggle': (_, w) => swapButton(w.page).click(),
  'transfer.submit': async (step, w) => {
    const from: Wallet = (await walletTile(w.page, L.from)).wallet === WALLET_NAME.main ? 'main' : 'game';
    const shown = { typed: await amountField(w.page).inputValue(), from };
    await press(w, step.snapshot.hasTag('busy'), shown, () => submitButton(w.page).click());
  },
};

// --- what the player sees ------------------------------------------------------------------------

interface TransferScreen {
  from: { wallet: string; balance: string };
  to: { wallet: string; balance: string };
  /** The swap toggle's name says the direction ("Swap direction: Main → Game"). */
  swap: string | null;
  swapEnabled: boolean;
  amount: string;
  amountEnabled: boolean;
  alert: string | null;
  busy: boolean;
  canTransfer: boolean;
  /** The game balance on the top bar's chip. */
  chip: string | null;
}

async function observe(page: Page): Promise<TransferScreen> {
  const alert = form(page).getByRole('alert');
  return {
    from: await walletTile(page, L.from),
    to: await walletTile(page, L.to),
    swap: await swapButton(page).getAttribute('aria-label'),
    swapEnabled: await swapButton(page).isEnabled(),
    amount: await amountField(page).inputValue(),
    amountEnabled: await amountField(page).isEnabled(),
    alert: (await alert.count()) ? squash(await alert.innerText()) : null,
    busy: (await submitButton(page).getAttribute('aria-busy')) === 'true',
    canTransfer: await submitButton(page).isEnabled(),
    chip: await chipBalance(page),
  };
}

function expected(s: AnyMachineSnapshot, w: TransferWorld): TransferScreen {
  const c = s.context;
  const busy = s.hasTag('busy');
  const from = walletOf(c.direction);
  const tile = (wallet: Wallet) => ({ wallet: WALLET_NAME[wallet], balance: ks(w.balances[wallet]) });
  return {
    from: tile(from),
    to: tile(otherWallet(from)),
    swap: `${L.swap}: ${directionLabel(c.direction)}`,
    swapEnabled: !busy,
    amount: c.amount,
    amountEnabled: !busy,
    alert: c.error ? english(c.error) : null,
    busy,
    // Spec §5: any amount typed can be sent (0 is refused with the message); nothing while sending.
    canTransfer: !busy && c.amount.trim() !== '',
    chip: shownKs(w.balances.game),
  };
}

async function expectScreen(w: TransferWorld, step: ScreenStep) {
  if (step.event?.type === 'xstate.done.actor.submitExchange') {
    await expectToast(w.page, english(TRANSFERRED));
    await expectSeen(() => amountField(w.page).inputValue(), '', 'spec §8: the amount resets after a transfer');
    await expectExchangeRow(w);
  }
  if (step.event?.type === 'xstate.error.actor.submitExchange') await expectToast(w.page, english(step.snapshot.context.error));
  await expectSeen(() => observe(w.page), expected(step.snapshot, w), `the transfer page: ${internalTransferPaths.describeState(step.snapshot)}`);
  await expectBooks(w);
}

export const internalTransferJourney = (harness: () => Harness): PathJourney<TransferWorld> =>
  transferJourney(harness, { model: internalTransferPaths, driversFile: 'tests/e2e/support/path-drivers/internal-transfer.ts', url: PAGE_URL, intents, expectScreen });
