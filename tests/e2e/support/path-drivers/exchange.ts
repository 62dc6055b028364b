/**
 * The Exchange Balance dialog's QA plan (docs/qa-paths/exchange.md) in the browser: a driver per
 * step and what the player must see in each state, from the spec (product-spec §2 Information →
 * profile tab and Exchange Balance dialog, §4 Exchange dialog, §5 Exchange, §8 Exchange): the
 * dialog shows both balances, the direction (Main → Game unless the player picks the other), the
 * amount and what went wrong; Exchange is disabled while the amount is empty or a request runs and
 * shows a spinner while it does; success toasts the server's message, closes the dialog and the
 * amount leaves the one wallet for the other; a refusal or a failed network moves nothing.
 */
import type { Locator, Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { exchangePaths } from '../../../machines/exchange.paths';
import type { PathJourney, ScreenStep, StepDriver } from '../drive-paths';
import { shownKs, type Harness } from '../harness';
import { chipBalance, english, expectSeen, expectToast, label, squash } from './cashier-screen';
import {
  directionLabel,
  expectBooks,
  transferJourney,
  expectExchangeRow,
  ks,
  press,
  typeAmount,
  type TransferWorld,
  type Wallet,
} from './transfer-world';

const L = {
  /** The profile card's button and the dialog's title. */
  exchangeBalance: label('wallet.exchangeBalance'),
  exchange: label('wallet.exchange'),
  cancel: label('btn.cancel'),
  amount: label('wallet.amount'),
  mainBalance: label('wallet.mainBalance'),
  gameBalance: label('wallet.gameBalance'),
  mainToGame: label('wallet.mainToGame'),
  gameToMain: label('wallet.gameToMain'),
};
const PROFILE_URL = '/information?tab=profile';

type Driver = StepDriver<TransferWorld>;

const openButton = (page: Page) => page.locator('main').getByRole('button', { name: L.exchangeBalance, exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: L.exchangeBalance });
const amountField = (page: Page) => dialog(page).getByLabel(L.amount, { exact: true });
const exchangeButton = (page: Page) => dialog(page).getByRole('button', { name: L.exchange, exact: true });
const directionShown = async (page: Page) => squash(await dialog(page).getByRole('radio', { checked: true }).innerText());

// --- drivers: the player's intents, by event type ----------------------------------------------

const intents: Record<string, Driver> = {
  'transfer.open': (_, w) => openButton(w.page).click(),
  'transfer.close': (_, w) => dialog(w.page).getByRole('button', { name: L.cancel, exact: true }).click(),
  'amount.change': ({ event }, w) => typeAmount(amountField(w.page), event.value),
  'direction.toggle': (_, w) => dialog(w.page).getByRole('radio', { checked: false }).click(),
  'transfer.submit': async (step, w) => {
    const from: Wallet = (await directionShown(w.page)) === L.mainToGame ? 'main' : 'game';
    const shown = { typed: await amountField(w.page).inputValue(), from };
    await press(w, step.snapshot.hasTag('busy'), shown, () => exchangeButton(w.page).click());
  },
};

// --- what the player sees ------------------------------------------------------------------------

interface ExchangeScreen {
  dialog: 'open' | 'closed';
  /** The game balance on the top bar's chip and on the profile card's badge. */
  chip: string | null;
  badge: string | null;
  /** The dialog's two balance tiles. */
  balances?: { main: string; game: string };
  /** The direction checked, and whether the player can change it. */
  direction?: string;
  directionEnabled?: boolean;
  amount?: string;
  amountEnabled?: boolean;
  alert?: string | null;
  busy?: boolean;
  canExchange?: boolean;
}

async function badgeBalance(page: Page): Promise<string | null> {
  const badge = page.locator('main').getByRole('button', { name: new RegExp(`^${L.gameBalance}: `) });
  const name = await badge.getAttribute('aria-label', { timeout: 1000 }).catch(() => null);
  return name?.match(/: (.*) Ks\. /)?.[1] ?? null;
}

const tile = async (d: Locator, name: string) => squash(await d.getByText(name, { exact: true }).locator('xpath=following-sibling::dd[1]').innerText());

async function readDialog(page: Page): Promise<Omit<ExchangeScreen, 'chip' | 'badge'>> {
  const d = dialog(page);
  const alert = d.getByRole('alert');
  return {
    dialog: 'open',
    balances: { main: await tile(d, L.mainBalance), game: await tile(d, L.gameBalance) },
    direction: await directionShown(page),
    directionEnabled: await d.getByRole('radio', { checked: false }).isEnabled(),
    amount: await amountField(page).inputValue(),
    amountEnabled: await amountField(page).isEnabled(),
    alert: (await alert.count()) ? squash(await alert.innerText()) : null,
    busy: (await exchangeButton(page).getAttribute('aria-busy')) === 'true',
    canExchange: await exchangeButton(page).isEnabled(),
  };
}

async function observe(page: Page): Promise<ExchangeScreen> {
  const seen = { chip: await chipBalance(page), badge: await badgeBalance(page) };
  if (!(await dialog(page).count())) return { dialog: 'closed', ...seen };
  return { ...(await readDialog(page)), ...seen };
}

/** Spec §2: the input's minimum is 1, so neither an empty amount nor 0 (0, 00, 0.00) offers Exchange. */
const offersExchange = (typed: string) => typed.trim() !== '' && !/^0*(\.0*)?$/.test(typed.trim());

/** The profile tab without the dialog: the game balance on the chip and on the badge. */
const closedScreen = (w: TransferWorld): ExchangeScreen => ({ dialog: 'closed', chip: shownKs(w.balances.game), badge: shownKs(w.balances.game) });

/** The open dialog with `direction`, `amount` and `error` (the machine's words), busy or not. */
function openScreen(w: TransferWorld, { direction, amount, error, busy }: { direction: string; amount: string; error: string | null; busy: boolean }): ExchangeScreen {
  return {
    ...closedScreen(w),
    dialog: 'open',
    balances: { main: ks(w.balances.main), game: ks(w.balances.game) },
    direction: directionLabel(direction),
    directionEnabled: !busy,
    amount,
    amountEnabled: !busy,
    alert: error ? english(error) : null,
    busy,
    canExchange: !busy && offersExchange(amount),
  };
}

function expected(s: AnyMachineSnapshot, w: TransferWorld): ExchangeScreen {
  if (s.matches('closed')) return closedScreen(w);
  const { direction, amount, error } = s.context;
  return openScreen(w, { direction, amount, error, busy: s.hasTag('busy') });
}

/**
 * Spec §4/§7: the server's message as the success toast, the dialog closes and the balances are
 * fetched again; the exchange row says which way and how much. Opened again, the dialog shows the
 * new balances, the amount cleared and the direction reset (then the player cancels it).
 */
async function expectExchanged(w: TransferWorld) {
  await expectToast(w.page, english(w.answer!.body.message));
  await expectSeen(() => observe(w.page), closedScreen(w), 'the dialog closed, the new game balance on the chip and the badge');
  await expectExchangeRow(w);
  await openButton(w.page).click();
  const fresh = openScreen(w, { direction: 'mainToGame', amount: '', error: null, busy: false });
  await expectSeen(() => observe(w.page), fresh, 'the dialog opened again: the new balances, no amount, Main → Game');
  await dialog(w.page).getByRole('button', { name: L.cancel, exact: true }).click();
}

async function expectScreen(w: TransferWorld, step: ScreenStep) {
  if (step.event?.type === 'xstate.done.actor.submitExchange') await expectExchanged(w);
  if (step.event?.type === 'xstate.error.actor.submitExchange') await expectToast(w.page, english(step.snapshot.context.error));
  await expectSeen(() => observe(w.page), expected(step.snapshot, w), `the Exchange dialog: ${exchangePaths.describeState(step.snapshot)}`);
  await expectBooks(w);
}

export const exchangeJourney = (harness: () => Harness): PathJourney<TransferWorld> =>
  transferJourney(harness, { model: exchangePaths, driversFile: 'tests/e2e/support/path-drivers/exchange.ts', url: PROFILE_URL, intents, expectScreen });
