import { bankerDraws, handPoints, isCard, isShan, newDeck, payoutFor, resultOf, shuffle, type Card, type Result } from './cards';

/**
 * One round at the demo table, player against the house banker, as pure state transitions
 * (the demo provider stores the state in demo_shan_rounds.state):
 *
 *   deal → (either hand Shan → finished) | player's turn → draw (one third card) | stand
 *        → the banker plays by bankerDraws → finished.
 *
 * Cards come off the top of the shuffled deck in turn: player, banker, player, banker, then
 * the player's third card, then the banker's.
 */

export interface Outcome {
  result: Result;
  playerPoints: number;
  bankerPoints: number;
  playerShan: boolean;
  bankerShan: boolean;
}

export interface TableState {
  /** Cards not dealt yet; the next one first. Never shown to the player. */
  deck: Card[];
  player: Card[];
  banker: Card[];
  /** Set once the round is decided. */
  outcome?: Outcome;
}

export function shuffledDeck(rand?: (max: number) => number): Card[] {
  return shuffle(newDeck(), rand);
}

function take(state: TableState): [Card, Card[]] {
  const [card, ...rest] = state.deck;
  if (!card) throw new Error('the deck is empty');
  return [card, rest];
}

function decide(state: TableState): TableState {
  const { player, banker } = state;
  return {
    ...state,
    outcome: {
      result: resultOf(player, banker),
      playerPoints: handPoints(player),
      bankerPoints: handPoints(banker),
      playerShan: isShan(player),
      bankerShan: isShan(banker),
    },
  };
}

/** Two cards each; a Shan on either side decides the round at once. */
export function deal(deck: readonly Card[]): TableState {
  if (deck.length < 6) throw new Error('a round needs at least 6 cards');
  const [p1, b1, p2, b2, ...rest] = deck as [Card, Card, Card, Card, ...Card[]];
  const state: TableState = { deck: rest, player: [p1, p2], banker: [b1, b2] };
  return isShan(state.player) || isShan(state.banker) ? decide(state) : state;
}

export function isPlayersTurn(state: TableState): boolean {
  return !state.outcome && state.player.length === 2;
}

function bankerPlays(state: TableState): TableState {
  if (!bankerDraws(state.banker)) return decide(state);
  const [card, deck] = take(state);
  return decide({ ...state, deck, banker: [...state.banker, card] });
}

/** The player takes a third card; then the banker plays and the round is decided. */
export function playerDraws(state: TableState): TableState {
  if (!isPlayersTurn(state)) throw new Error('not the player’s turn');
  const [card, deck] = take(state);
  return bankerPlays({ ...state, deck, player: [...state.player, card] });
}

/** The player stands on two cards; the banker plays and the round is decided. */
export function playerStands(state: TableState): TableState {
  if (!isPlayersTurn(state)) throw new Error('not the player’s turn');
  return bankerPlays(state);
}

/** Stake included; a Shan win pays 2×, any other win 1:1, a push returns the stake. */
export function payoutOf(stake: bigint, outcome: Outcome): bigint {
  return payoutFor(stake, outcome.result, outcome.playerShan);
}

/** A stored state read back, or undefined when it is not one. */
export function parseTableState(value: unknown): TableState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const cards = (x: unknown): x is Card[] => Array.isArray(x) && x.every(isCard);
  if (!cards(v.deck) || !cards(v.player) || !cards(v.banker)) return undefined;
  return v as unknown as TableState;
}
