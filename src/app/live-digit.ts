/**
 * Composition root, Digit Bet part: the game and the fairness page provided with real effects
 * (the /digitbet calls, the WebCrypto verifier, the session's balance). Its own chunk, loaded when
 * /digitbet or /fairness first needs it. Created once per app by live.ts.
 */
import { fromPromise, type AnyActorRef } from 'xstate';
import type { Api } from '../api/client';
import { digitBetApi } from '../api/digit-bet';
import type { DigitBetRequest, RevealedSeed, User } from '../api/types';
import { manualRoll, verifySeed } from '../lib/fair-roll';
import { moneyInFlight } from '../telegram/effects';
import type { DigitBetInputFields } from '../machines/digit-bet/digit-bet-rules';
import { digitBetMachine } from '../machines/digit-bet/digit-bet.machine';
import type { ManualRollInput } from '../machines/fairness/fairness-rules';
import { fairnessMachine } from '../machines/fairness/fairness.machine';

export interface DigitDeps {
  api: Api;
  /** The session actor: a bet's answer carries the new game balance for its user. */
  authActor: AnyActorRef;
}

/**
 * TEST SETTING, for the browser journey only: a number (seconds, e.g. "3") stored in
 * sessionStorage under this key replaces the spec's 90-second countdown, so an e2e run does not
 * wait a minute and a half per roll. Absent or not a number: 90 s. Players never set it; it lives
 * only as long as the tab.
 */
export const COUNTDOWN_SETTING_KEY = 'kp:test:digitCountdownSeconds';

export function countdownSetting(): number | undefined {
  try {
    const raw = sessionStorage.getItem(COUNTDOWN_SETTING_KEY);
    const seconds = raw === null || raw.trim() === '' ? NaN : Number(raw);
    return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
  } catch {
    return undefined;
  }
}

export function createDigitMachines({ api, authActor }: DigitDeps) {
  const digit = digitBetApi(api);

  /** The balance chip: the session's user takes the game balance the bet answered with. */
  function updateBalance(balance: string): void {
    const user = (authActor.getSnapshot() as { context?: { user?: User | null } }).context?.user;
    if (user && balance) authActor.send({ type: 'user.changed', user: { ...user, balance } });
  }

  return {
    digitBet: digitBetMachine.provide({
      actors: {
        placeBet: fromPromise(({ input }: { input: DigitBetRequest }) =>
          moneyInFlight(() => digit.placeBet(input), (answer) => answer.success && answer.outcome === 'win'),
        ),
        fetchHistory: fromPromise(() => digit.history()),
      },
      actions: {
        updateBalance: (_, { balance }) => updateBalance(balance),
      },
    }),
    /** The game's input on each visit (the countdown test setting is read then). */
    digitBetInput: (): DigitBetInputFields => ({ countdownSeconds: countdownSetting() }),
    fairness: fairnessMachine.provide({
      actors: {
        fetchFairness: fromPromise(() => digit.fairness()),
        rotateSeed: fromPromise(({ input }: { input: { clientSeed: string } }) => digit.rotateSeed(input.clientSeed || undefined)),
        verifySeed: fromPromise(async ({ input }: { input: RevealedSeed }) => verifySeed(input, await digit.history(input.seedId))),
        computeRoll: fromPromise(({ input }: { input: ManualRollInput }) => manualRoll(input.serverSeed, input.clientSeed, input.nonce)),
      },
    }),
  };
}

export type DigitMachines = ReturnType<typeof createDigitMachines>;
