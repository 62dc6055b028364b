/**
 * The Digit Bet QA plan in the screen's words (docs/qa-paths/digit-bet.md): what a tester reads on
 * /digitbet in each state of the path model, from locales/en* (tests/support/qa-words.ts), and how
 * to make a demo install give each server answer a path needs. The browser journey
 * tests/e2e/qa-plans.test.ts runs the generated plan as written.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { DigitBetContext, RollRequest } from '../../src/machines/digit-bet/digit-bet-rules';
import { choiceRequest, secondsLeft } from '../../src/machines/digit-bet/digit-bet-rules';
import { OFFLINE, SLOW } from '../support/qa-arrange';
import { clientSeedRolling, DEMO_GAME_KYAT, DEMO_PLAYER, demoStart, QA_DIGIT_SERVER_SEED, signInDemo } from '../support/qa-demo';
import { amount, counted, en, ks, onScreen, q } from '../support/qa-words';
import type { PathStep } from '../support/paths';

/** The journey's countdown setting (src/app/live-digit.ts COUNTDOWN_SETTING_KEY), read when /digitbet opens. */
export const COUNTDOWN_KEY = 'kp:test:digitCountdownSeconds';

const choiceWords = (r: RollRequest) => (r.betType === 'digit' ? en('digit.digitLabel', { n: r.digit }) : en(`digit.${r.betType}`));

/** The Current Bet card: the choice, the roll on its way or the one waiting for a retry. */
function currentBet(context: DigitBetContext, busy: boolean): string {
  const request = context.pending ?? choiceRequest(context);
  if (!request) return `Current Bet says ${q(en('digit.noCurrentBet'))}`;
  const line = `${choiceWords(request)} · ${amount(request.betAmount)} × ${request.multiplier} = ${ks(request.betAmount * request.multiplier)}`;
  const retry = context.pending && !busy ? ` and ${q(en('digit.retryHint'))}` : '';
  return `Current Bet says ${q(line)}${retry}`;
}

/** Whole seconds a person sees: the model's clock stands still, so each "a second passes" since the choice takes one off. */
function secondsShown(context: DigitBetContext, earlier: readonly PathStep[]): number {
  let ticks = 0;
  for (const step of [...earlier].reverse()) {
    if (/^(digit|side)\.choose$/.test(step.event.type)) break;
    if (step.event.type.startsWith('xstate.after.tick.')) ticks += 1;
  }
  return secondsLeft(context) - ticks;
}

function statusWords(status: NonNullable<DigitBetContext['status']>): string {
  switch (status.code) {
    case 'noBet':
      return `the status says ${q(en('digit.noBet'))}`;
    case 'won':
    case 'lost': {
      const key = `digit.${status.code}${status.side ? 'Side' : ''}`;
      const side = status.side ? en(`digit.${status.side}`) : undefined;
      return `the result shows ${status.rolled} and ${q(en(key, { n: status.rolled, side }))}`;
    }
    case 'refused':
      return `the status says ${q(`❌ ${status.message}`)}`;
    case 'backendError':
      return `the status says ${q(en('digit.backendError', { message: status.message }))}`;
    case 'offline':
      return `the status says ${q(en('digit.offline'))}`;
  }
}

/** The result area, the Roll button and the status. */
function game(snapshot: AnyMachineSnapshot, earlier: readonly PathStep[]): string {
  const context = snapshot.context as DigitBetContext;
  if (snapshot.hasTag('busy')) return `while the roll is on its way, the button reads ${q(en('digit.rolling'))}`;
  if (snapshot.hasTag('counting')) return `the result says ${q(en('digit.rollingIn', { n: secondsShown(context, earlier) }))} beside ${q(en('digit.rollNow'))}`;
  if (context.status) return statusWords(context.status);
  return `the result says ${q(en('digit.pickHint'))}`;
}

function history(snapshot: AnyMachineSnapshot): string {
  if (snapshot.matches({ history: 'loading' })) return 'the bet history may still be loading';
  if (snapshot.matches({ history: 'failed' })) return `the bet history says ${q(onScreen(snapshot.context.historyError.message))} with ${q(en('btn.tryAgain'))}`;
  const rows = snapshot.context.history.length;
  return rows ? `the bet history lists ${counted(rows, 'bet')}` : `the bet history says ${q(en('digit.noHistory'))}`;
}

function modal(snapshot: AnyMachineSnapshot): string {
  if (!snapshot.matches({ modal: 'open' })) return '';
  const { bet, coin } = snapshot.context.modal;
  return `; the ${q(en('digit.modalTitle'))} dialog reads ${q(`${bet} × ${coin} × 20`)} and ${q(ks(bet * coin * 20))}`;
}

/** The screen as a tester reads it: the choice, the result and status, the stake when nothing is chosen, the history, the modal. */
export function describeDigitScreen(snapshot: AnyMachineSnapshot, earlier: readonly PathStep[] = []): string {
  const context = snapshot.context as DigitBetContext;
  const stake = context.pending ?? choiceRequest(context) ? '' : `; the stake reads ${q(`${amount(context.betAmount)} × ${context.multiplier} = ${ks(context.betAmount * context.multiplier)}`)}`;
  return `${currentBet(context, snapshot.hasTag('busy'))}; ${game(snapshot, earlier)}${stake}; ${history(snapshot)}${modal(snapshot)}`;
}

// --- how to arrange ------------------------------------------------------------------------------

export const DIGIT_SETUP = [
  demoStart({ DEMO_DIGIT_SERVER_SEED: QA_DIGIT_SERVER_SEED }),
  signInDemo('Digit Bet (/digitbet)'),
  SLOW,
];

export const ZERO_COUNTDOWN = `set this tab's countdown to 0 seconds, so a choice rolls at once: Chrome DevTools → Application → Session storage → this site, add the key \`${COUNTDOWN_KEY}\` with the value \`0\`, then reload /digitbet`;

/** The demo's server seed rolls `digit` at nonce 0 with a client seed the tester sets on the fairness page. */
const rollArranged = (digit: number) =>
  `in a second tab of the same browser open ${q(en('fair.title'))} (/fairness), type ${q(clientSeedRolling(digit))} in ${q(en('fair.clientSeed'))} and press ${q(en('fair.save'))}: ${q(en('fair.nextNonce'))} reads 0, and with the demo's server seed (DEMO_DIGIT_SERVER_SEED) that client seed rolls ${digit} at nonce 0`;

const EMPTY_GAME_WALLET = `empty the demo player's game wallet: \`ADMIN_TOKEN=$ADMIN_TOKEN npm run admin -- adjust debit ${DEMO_PLAYER.userName} --wallet game --kind correction --amount ${DEMO_GAME_KYAT} --reason "QA: empty the game wallet"\` (${DEMO_GAME_KYAT}: the whole game balance of a fresh demo)`;

const HISTORY_BLOCKED =
  'block the history: Chrome DevTools → Network → right-click → "Block request URL", pattern `*/api/digitbet/history*`, then reload /digitbet (unblock after the path)';

const placedEarlier = (n: number) =>
  `place ${counted(n, 'bet')} first (any choice, each rolled), then reload /digitbet`;

export function arrangeDigitAnswer(step: PathStep): string | undefined {
  const { event } = step;
  if (event.type === 'xstate.done.actor.placeBet') return event.output.success ? rollArranged(event.output.rolledNumber) : EMPTY_GAME_WALLET;
  if (event.type === 'xstate.done.actor.fetchHistory') return event.output.length ? placedEarlier(event.output.length) : undefined;
  if (event.type === 'xstate.error.actor.fetchHistory') return event.error.status === 0 ? HISTORY_BLOCKED : undefined;
  if (event.type === 'xstate.error.actor.placeBet' && event.error.status === 0) return OFFLINE;
  return undefined;
}
