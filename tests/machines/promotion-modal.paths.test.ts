import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Promotion } from '../../src/api/types';
import { promotionModalMachine } from '../../src/machines/promotion-modal/promotion-modal.machine';
import { selectOpenPromotion } from '../../src/machines/promotion-modal/promotion-modal.selectors';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { uncoveredTransitions } from '../support/path-coverage';
import { replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { firstDeposit, promotionModalPaths } from './promotion-modal.paths';

const paths = generatePaths(promotionModalPaths);
const actions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [{ name: e.name, params: e.params }] : []));

function always({ after }: ReplayedStep) {
  expect(selectOpenPromotion(after as never), 'a promotion is shown exactly while open').toBe(after.matches('open') ? after.context.promotion : null);
  if (after.matches('closed')) expect(after.context.promotion, 'nothing lingers once closed').toBeNull();
}

/** What each event does, from the spec (§4 Promotion modal: closed or open for one promotion; Claim Offer goes to the channels). */
const effects: Effects = {
  'details.open': ({ step, after, entries }) => {
    expect(selectOpenPromotion(after as never)).toBe((step.event as unknown as { promotion: Promotion }).promotion);
    expect(entries, 'opening has no outward effect').toEqual([]);
  },
  'details.close': ({ after, entries }) => {
    expect(after.matches('closed')).toBe(true);
    expect(entries, 'closing has no outward effect').toEqual([]);
  },
  'offer.claim': ({ before, entries }) => {
    const claimed = before.context.promotion!;
    expect(actions(entries), 'Claim Offer takes the player to the channels with that promotion, once').toEqual([
      { name: 'goToClaim', params: { promotionId: claimed.id } },
    ]);
  },
};

describe('promotion-modal: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(promotionModalPaths, path), async () => {
      await replayPath(promotionModalPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(promotionModalPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('promotion-modal', effects, paths);
});

describe('promotion-modal: behaviour', () => {
  it('claims the promotion that was open, then is closed', () => {
    const claimed: number[] = [];
    const actor = createActor(promotionModalMachine.provide({ actions: { goToClaim: (_, { promotionId }) => void claimed.push(promotionId) } })).start();
    actor.send({ type: 'offer.claim' });
    expect(claimed, 'nothing to claim while closed').toEqual([]);
    actor.send({ type: 'details.open', promotion: firstDeposit });
    actor.send({ type: 'offer.claim' });
    expect(claimed).toEqual([1]);
    expect(selectOpenPromotion(actor.getSnapshot())).toBeNull();
  });

  it('fails loudly when the host did not provide the navigation', () => {
    const actor = createActor(promotionModalMachine).start();
    const errors: unknown[] = [];
    actor.subscribe({ error: (err) => errors.push(err) });
    actor.send({ type: 'details.open', promotion: firstDeposit });
    actor.send({ type: 'offer.claim' });
    expect(String(errors[0] ?? actor.getSnapshot().error)).toContain('goToClaim must be provided');
  });
});
