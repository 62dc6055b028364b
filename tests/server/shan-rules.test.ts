import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bankerDraws,
  cardPoints,
  compareHands,
  handPoints,
  isShan,
  newDeck,
  payoutFor,
  rankValue,
  resultOf,
  shuffle,
  type Card,
} from '../../server/domain/shan/cards';
import { canonicalJson, shanSign, signedBody, verifySigned } from '../../server/domain/shan/sign';
import { signMatches } from '../../server/lib/signature';
import { deal, isPlayersTurn, payoutOf, playerDraws, playerStands, shuffledDeck } from '../../server/domain/shan/table';

/** The given cards on top, the rest of a deck under them. */
const stacked = (cards: Card[]): Card[] => [...cards, ...newDeck().filter((c) => !cards.includes(c))];

describe('Shan Koe Mee scoring', () => {
  it('A = 1, 2-9 face value, 10/J/Q/K = 0', () => {
    expect(cardPoints('AS')).toBe(1);
    for (let n = 2; n <= 9; n++) expect(cardPoints(`${n}H` as Card)).toBe(n);
    for (const c of ['10S', 'JH', 'QD', 'KC'] as Card[]) expect(cardPoints(c)).toBe(0);
  });

  it('a hand scores the sum mod 10', () => {
    expect(handPoints(['9S', '8H'])).toBe(7);
    expect(handPoints(['KS', 'QH'])).toBe(0);
    expect(handPoints(['10S', 'JH', 'KD'])).toBe(0);
    expect(handPoints(['AS', '7D'])).toBe(8);
    expect(handPoints(['5S', '5D'])).toBe(0);
    expect(handPoints(['9S', '9D', '9C'])).toBe(7);
  });

  it('Shan is 8 or 9 on exactly two cards', () => {
    expect(isShan(['AS', '7D'])).toBe(true);
    expect(isShan(['4S', '5D'])).toBe(true);
    expect(isShan(['KS', '8H'])).toBe(true);
    expect(isShan(['9S', '9H'])).toBe(true); // 18 → 8
    expect(isShan(['KS', '7H'])).toBe(false);
    expect(isShan(['5S', '5H'])).toBe(false);
    expect(isShan(['2S', '3H', '4D'])).toBe(false); // 9 on three cards is no Shan
  });

  it('rank order for ties: K > Q > J > 10 > 9 … 2 > A', () => {
    const order: Card[] = ['AS', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S', '10S', 'JS', 'QS', 'KS'];
    order.forEach((c, i) => expect(rankValue(c)).toBe(i + 1));
  });

  it('compares points, then fewer cards, then the higher card, else a push', () => {
    expect(resultOf(['3S', '5H'], ['KS', '7H'])).toBe('win'); // 8 vs 7
    expect(resultOf(['KS', '7H'], ['3S', '5H'])).toBe('lose');
    // 7 on two cards beats 7 on three.
    expect(resultOf(['3S', '4H'], ['2S', '2H', '3C'])).toBe('win');
    expect(resultOf(['2S', '2H', '3C'], ['3S', '4H'])).toBe('lose');
    // Same points and cards: the higher card decides.
    expect(resultOf(['KS', '7H'], ['QS', '7D'])).toBe('win');
    expect(resultOf(['10S', '7H'], ['JS', '7D'])).toBe('lose');
    expect(resultOf(['AS', '6H'], ['2S', '5H'])).toBe('win'); // 6 is the highest card on the table
    expect(resultOf(['AS', 'KH', '6C'], ['2C', 'KD', '5H'])).toBe('win'); // K = K, then 6 > 5
    expect(resultOf(['AS', '8H'], ['2S', '7H'])).toBe('win'); // 8 > 7
    // Same ranks, other suits: a push (suits never count).
    expect(resultOf(['KS', '7H'], ['KD', '7C'])).toBe('push');
    expect(compareHands(['4S', '4H'], ['4D', '4C'])).toBe(0);
  });

  it('the banker draws on 4 or less, stands on 5 or more, never on three cards', () => {
    for (const [hand, draws] of [
      [['KS', 'QH'], true],
      [['AS', '3H'], true],
      [['2S', '2H'], true],
      [['2S', '3H'], false],
      [['KS', '7H'], false],
      [['AS', '2H', 'KD'], false],
    ] as [Card[], boolean][]) {
      expect(bankerDraws(hand), hand.join(' ')).toBe(draws);
    }
  });

  it('pays a win 1:1, a Shan win 2×, a push the stake, a loss nothing', () => {
    expect(payoutFor(100n, 'win', false)).toBe(200n);
    expect(payoutFor(100n, 'win', true)).toBe(300n);
    expect(payoutFor(100n, 'push', false)).toBe(100n);
    expect(payoutFor(100n, 'push', true)).toBe(100n);
    expect(payoutFor(100n, 'lose', false)).toBe(0n);
  });
});

describe('a round at the table', () => {
  it('deals player, banker, player, banker; no Shan → the player’s turn, the banker’s cards kept', () => {
    const s = deal(stacked(['3S', 'KH', '4D', '2C', '5H', '9S']));
    expect(s.player).toEqual(['3S', '4D']);
    expect(s.banker).toEqual(['KH', '2C']);
    expect(s.outcome).toBeUndefined();
    expect(isPlayersTurn(s)).toBe(true);
    expect(s.deck.slice(0, 2)).toEqual(['5H', '9S']);
    expect(s.deck).toHaveLength(48);
  });

  it('stand: the banker on 2 draws; 7 on two cards beats the banker’s 7 on three', () => {
    const s = playerStands(deal(stacked(['3S', 'KH', '4D', '2C', '5H', '9S'])));
    expect(s.player).toEqual(['3S', '4D']);
    expect(s.banker).toEqual(['KH', '2C', '5H']);
    expect(s.outcome).toEqual({ result: 'win', playerPoints: 7, bankerPoints: 7, playerShan: false, bankerShan: false });
    expect(payoutOf(10_000n, s.outcome!)).toBe(20_000n);
  });

  it('draw: the player takes the next card, then the banker plays', () => {
    const s = playerDraws(deal(stacked(['3S', 'KH', '4D', '2C', '5H', '9S'])));
    expect(s.player).toEqual(['3S', '4D', '5H']); // 12 → 2
    expect(s.banker).toEqual(['KH', '2C', '9S']); // 11 → 1
    expect(s.outcome!.result).toBe('win');
    expect(() => playerDraws(s)).toThrow();
    expect(() => playerStands(s)).toThrow();
  });

  it('the banker stands on 5 or more', () => {
    const s = playerStands(deal(stacked(['2S', '3H', '2D', '3C', 'KS'])));
    expect(s.banker).toEqual(['3H', '3C']);
    expect(s.outcome).toMatchObject({ result: 'lose', playerPoints: 4, bankerPoints: 6 });
    expect(payoutOf(10_000n, s.outcome!)).toBe(0n);
  });

  it('a player Shan settles at once and pays 2×', () => {
    const s = deal(stacked(['AS', '3H', '7D', '4C']));
    expect(s.outcome).toEqual({ result: 'win', playerPoints: 8, bankerPoints: 7, playerShan: true, bankerShan: false });
    expect(isPlayersTurn(s)).toBe(false);
    expect(payoutOf(10_000n, s.outcome!)).toBe(30_000n);
  });

  it('a banker Shan settles at once; the player loses', () => {
    const s = deal(stacked(['2S', '4H', '3D', '5C']));
    expect(s.outcome).toMatchObject({ result: 'lose', playerPoints: 5, bankerPoints: 9, bankerShan: true });
    expect(payoutOf(10_000n, s.outcome!)).toBe(0n);
  });

  it('Shan against Shan: points, then the higher card, else a push returning the stake', () => {
    expect(deal(stacked(['4S', '8H', '5D', 'KC'])).outcome!.result).toBe('win'); // 9 vs 8
    expect(deal(stacked(['4S', '8H', '4D', 'KC'])).outcome!.result).toBe('lose'); // 8 vs 8, K high
    const push = deal(stacked(['4S', '4H', '4D', '4C']));
    expect(push.outcome!.result).toBe('push');
    expect(payoutOf(10_000n, push.outcome!)).toBe(10_000n);
  });

  it('shuffles into a permutation of the 52 cards', () => {
    const deck = shuffledDeck();
    expect(deck).toHaveLength(52);
    expect(new Set(deck).size).toBe(52);
    expect([...deck].sort()).toEqual([...newDeck()].sort());
    // Fisher–Yates with a fixed source: the same source, the same order.
    const fixed = () => 0;
    expect(shuffle([1, 2, 3, 4], fixed)).toEqual([2, 3, 4, 1]);
    // Two crypto shuffles are (overwhelmingly likely) different.
    expect(shuffledDeck().join()).not.toBe(shuffledDeck().join());
  });
});

describe('Shan protocol signature', () => {
  const secret = 'test-shan-secret';

  it('signs operator_code|request_time|the body without sign, keys sorted at every level', () => {
    const body = { round_id: 'r1', operator_code: 'a3h1', request_time: 1_700_000_000, member_account: 'P1', detail: { z: 1, a: [{ y: 2, b: 3 }] } };
    const canonical = 'a3h1|1700000000|{"detail":{"a":[{"b":3,"y":2}],"z":1},"member_account":"P1","operator_code":"a3h1","request_time":1700000000,"round_id":"r1"}';
    const expected = createHmac('sha256', secret).update(canonical).digest('hex');
    expect(shanSign(secret, body)).toBe(expected);
    expect(shanSign(secret, { ...body, sign: 'ignored' })).toBe(expected);
    expect(canonicalJson({ b: 1, a: 'x' })).toBe('{"a":"x","b":1}');
  });

  it('verifies a signed body: operator, signature, request_time within 300 s', () => {
    const now = new Date('2026-03-10T06:00:00Z');
    const body = signedBody(secret, { operator_code: 'a3h1', member_account: 'P1', amount: '100.00' }, now);
    expect(body.request_time).toBe(now.getTime() / 1000);
    expect(verifySigned(body, secret, ['a3h1'], now)).toEqual({ ok: true, operatorCode: 'a3h1' });
    expect(verifySigned(body, secret, ['a3h1'], new Date(now.getTime() + 300_000)).ok).toBe(true);
    expect(verifySigned(body, secret, ['a3h1'], new Date(now.getTime() + 301_000))).toEqual({ ok: false, reason: 'time' });
    expect(verifySigned(body, secret, ['a3h1'], new Date(now.getTime() - 301_000))).toEqual({ ok: false, reason: 'time' });
    expect(verifySigned({ ...body, amount: '1000.00' }, secret, ['a3h1'], now)).toEqual({ ok: false, reason: 'sign' });
    expect(verifySigned(body, 'other-secret', ['a3h1'], now)).toEqual({ ok: false, reason: 'sign' });
    expect(verifySigned(body, secret, ['b2'], now)).toEqual({ ok: false, reason: 'operator' });
    expect(verifySigned({ ...body, sign: body.sign.toUpperCase() }, secret, ['a3h1'], now).ok).toBe(true);
    expect(verifySigned({ ...body, sign: undefined }, secret, ['a3h1'], now)).toEqual({ ok: false, reason: 'sign' });
  });

  it('compares signatures of any length without throwing', () => {
    expect(signMatches('abc', 'abc')).toBe(true);
    expect(signMatches('ab', 'abc')).toBe(false);
    expect(signMatches('abcd', 'abc')).toBe(false);
    expect(signMatches(42, 'abc')).toBe(false);
  });
});
