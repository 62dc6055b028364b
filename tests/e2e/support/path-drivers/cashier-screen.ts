/**
 * Reading a money form the way a player does, in English: the site's labels from the locale files,
 * a field's error as the text its input is described by, the toast, the balance chip. Checks poll,
 * since the screen follows the state a moment later.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import en from '../../../../locales/en.json';
import extra from '../../../../locales/extra/en.json';
import { translateMessage } from '../../../../src/app/messages';
import { shownKs } from '../harness';
import type { Answer } from '../held-requests';

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  const found = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  return typeof found === 'string' ? found : undefined;
}

/** An English string of the site by its key ('cashier.submitDeposit'); a missing key fails. */
export function label(key: string): string {
  const text = lookup(en as Tree, key) ?? lookup(extra as Tree, key);
  if (text === undefined) throw new Error(`no English text for ${key}`);
  return text;
}

/** A machine's message as the English page words it (the spec's fixed texts have English words). */
export function english(message: string): string {
  return translateMessage(((key: string) => label(key)) as never, message);
}

/** Polls `read` until it equals `expected` (the screen catches up with the state). */
export async function expectSeen<T>(read: () => Promise<T>, expected: T, what: string) {
  await expect.poll(read, { message: what, timeout: 8000, interval: 100 }).toEqual(expected);
}

/** The texts of the form's field errors, by the input's label (an error is "*" and the server's words). */
export async function errorUnder(scope: Locator, inputLabel: string): Promise<string | null> {
  const input = scope.getByLabel(inputLabel, { exact: true });
  const describedBy = await input.getAttribute('aria-describedby', { timeout: 1000 });
  if (!describedBy) return null;
  return (await scope.locator(`[id="${describedBy}"]`).innerText()).trim();
}

/** Every error text shown in the form, in page order. */
export const shownErrors = (scope: Locator) => scope.locator('.field-error').allInnerTexts();

/** The toasts on screen now. */
export const toasts = (page: Page) => page.locator('[data-sonner-toast]').allInnerTexts();

export async function expectToast(page: Page, text: string) {
  await expectSeen(async () => (await toasts(page)).some((t) => t.includes(text)), true, `a toast "${text}"`);
}

/** The amount the balance chip names ("Game balance: 50,000.00 Ks" → "50,000.00"). */
export async function chipBalance(page: Page): Promise<string | null> {
  const chip = page.getByRole('link', { name: new RegExp(`^${label('wallet.gameBalance')}: `) });
  const name = await chip.getAttribute('aria-label', { timeout: 1000 }).catch(() => null);
  return name?.match(/: (.*) Ks$/)?.[1] ?? null;
}

export async function expectChip(page: Page, pya: bigint, what: string) {
  await expectSeen(() => chipBalance(page), shownKs(pya), what);
}

/** Whole Kyat as typed ("10000") to pya. */
export const typedPya = (typed: string) => BigInt(typed) * 100n;

/** What of `parts` the newest card of a deposit or withdraw log does not show (a reader for expectSeen). */
export function missingFromLog(page: Page, parts: string[]) {
  return async () => {
    const card = page.locator('main li.card').first();
    const text = (await card.count()) ? (await card.innerText()).replace(/\s+/g, ' ') : '';
    return parts.filter((part) => !text.includes(part));
  };
}

/**
 * A field's error as the page must show it (spec §5): "*" and the server's own words when the
 * real answer that raised it gave them, else the modelled message in English (the site's own).
 */
export function errorShown(answer: Answer | null, field: string, modelled: string | undefined, fromServer = true): string | null {
  if (modelled === undefined) return null;
  const served = fromServer ? answer?.body?.errors?.[field] : undefined;
  return `*${(Array.isArray(served) ? served[0] : served) ?? english(modelled)}`;
}

export const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
