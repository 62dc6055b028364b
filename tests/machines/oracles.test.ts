/**
 * Guard on the per-event oracles (tests/support/path-effects.ts): every registered model's paths
 * test replays through `checkEffects` (a step whose event type has no stated effect fails) and
 * adds `itStatesEveryEffect` (the table matches the event types its paths offer, both ways).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathModels } from '../support/machine-registry';
import { checkEffects, effectGaps, type Effects } from '../support/path-effects';
import type { ReplayedStep } from '../support/path-replay';
import { generatePaths, type MachinePath } from '../support/paths';

/** Models whose test may still assert per step without a table: none (keep it so). */
const NOT_YET_TABLED = new Set<string>([]);

const testSource = (name: string) => readFileSync(join(__dirname, `${name}.paths.test.ts`), 'utf8');

describe('per-event oracles', () => {
  it('every registered model states the expected effect of each event type through checkEffects', () => {
    const missing = pathModels
      .filter((model) => !NOT_YET_TABLED.has(model.name))
      .filter((model) => {
        const source = testSource(model.name);
        return !/onStep: checkEffects\(effects\b/.test(source) || !source.includes(`itStatesEveryEffect('${model.name}', effects, paths)`);
      })
      .map((model) => model.name);
    expect(missing, 'replay with checkEffects(effects, …) and add itStatesEveryEffect').toEqual([]);
    expect([...NOT_YET_TABLED].filter((name) => !pathModels.some((m) => m.name === name)), 'stale exemptions').toEqual([]);
  });

  it('a step whose event type has no stated effect fails the replay', () => {
    const step = { step: { phrase: 'they switch the direction', event: { type: 'direction.toggle' } } } as unknown as ReplayedStep;
    const effects: Effects = { 'amount.change': () => {} };
    expect(() => checkEffects(effects)(step)).toThrow(/no expected effect is stated for "direction.toggle"/);
    let ran = false;
    expect(() => checkEffects({ 'direction.toggle': () => void (ran = true) })(step)).not.toThrow();
    expect(ran).toBe(true);
  });

  it('a table is compared with the event types the generated paths contain, both ways', () => {
    const exchange = pathModels.find((model) => model.name === 'exchange')!;
    const paths: MachinePath[] = generatePaths(exchange);
    const some: Effects = { 'transfer.open': () => {}, 'wallet.explode': () => {} };
    const gaps = effectGaps(some, paths);
    expect(gaps.unstated).toContain('direction.toggle');
    expect(gaps.unstated).not.toContain('transfer.open');
    expect(gaps.unexercised).toEqual(['wallet.explode']);
  });
});
