import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Promotion } from '../../src/api/types';
import { promotionModalMachine } from '../../src/machines/promotion-modal/promotion-modal.machine';
import { selectOpenPromotion } from '../../src/machines/promotion-modal/promotion-modal.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { firstDeposit, promotionModalPaths } from './promotion-modal.paths';

const paths = generatePaths(promotionModalPaths);
const actions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [{ name: e.name, params: e.params }] : []));

function checkInvariants({ step, before, after, entries }: ReplayedStep) {
  const { event } = step;
  const snapshot = after as never;
  expect(selectOpenPromotion(snapshot), 'a promotion is shown exactly while open').toBe(after.matches('open') ? after.context.promotion : null);
  if (after.matches('closed')) expect(after.context.promotion, 'nothing lingers once closed').toBeNull();
  if (event.type === 'details.open') expect(selectOpenPromotion(snapshot)).toBe((event as unknown as { promotion: Promotion }).promotion);
  if (event.type === 'offer.claim') {
    const claimed = before.context.promotion!;
    expect(actions(entries), 'Claim Offer takes the player to the channels with that promotion, once').toEqual([
      { name: 'goToClaim', params: { promotionId: claimed.id } },
    ]);
  } else {
    expect(entries, 'opening and closing have no outward effect').toEqual([]);
  }
}

describe('promotion-modal: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(promotionModalPaths, path), async () => {
      await replayPath(promotionModalPaths, path, { onStep: checkInvariants });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(promotionModalPaths, paths), 'transitions in no path').toEqual([]);
  });
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
