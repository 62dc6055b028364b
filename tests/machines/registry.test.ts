/**
 * Guards on path coverage itself: every machine under src/machines has a model here (a machine
 * without one would be untested and missing from QA's plans), and the QA plans in docs/qa-paths
 * are exactly what the models generate now (a plan that no longer matches its machine misleads QA).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { pathModels } from '../support/machine-registry';
import { declaredTransitions, modelTransitions, uncoveredTransitions } from '../support/path-coverage';
import { qaDocument } from '../support/path-text';
import { generatePaths } from '../support/paths';

const ROOT = join(__dirname, '..', '..');
const MACHINES = join(ROOT, 'src', 'machines');
const PLANS = join(ROOT, 'docs', 'qa-paths');

const isMachine = (value: unknown): value is AnyStateMachine =>
  !!value && typeof value === 'object' && typeof (value as AnyStateMachine).provide === 'function' && 'config' in (value as object) && 'root' in (value as object);

describe('path coverage guards', () => {
  it('every machine exported from src/machines/*/*.machine.ts is registered with a path model', async () => {
    // By id: `provide()` and factories (a clock injected for the model) make new machine objects.
    const registered = new Set(pathModels.map((m) => m.machine.id));
    const unmodelled: string[] = [];
    let found = 0;
    for (const dir of readdirSync(MACHINES)) {
      for (const file of readdirSync(join(MACHINES, dir)).filter((f) => f.endsWith('.machine.ts'))) {
        const mod = (await import(join(MACHINES, dir, file))) as Record<string, unknown>;
        for (const [name, value] of Object.entries(mod)) {
          if (!isMachine(value)) continue;
          found += 1;
          if (!registered.has(value.id)) unmodelled.push(`${dir}/${file}: ${name} (${value.id})`);
        }
      }
    }
    expect(found).toBeGreaterThanOrEqual(registered.size);
    expect(new Set(pathModels.map((m) => m.name)).size, 'model names are unique').toBe(pathModels.length);
    expect(unmodelled, 'add a model in tests/machines and register it in tests/support/machine-registry.ts').toEqual([]);
  });

  it('a machine modelled once per use is covered whole: its models together answer for every transition', () => {
    for (const id of new Set(pathModels.map((m) => m.machine.id))) {
      const models = pathModels.filter((m) => m.machine.id === id);
      const answered = new Set(models.flatMap((m) => modelTransitions(m).map((t) => t.id)));
      const unanswered = declaredTransitions(models[0]!.machine).filter((t) => !answered.has(t.id)).map((t) => t.label);
      expect(unanswered, `${id}: transitions every model leaves to another use (otherUseGuards)`).toEqual([]);
      if (models.length > 1) expect(models.every((m) => m.otherUseGuards?.length), `${id}: each use's model names the other uses' guards`).toBe(true);
    }
  });

  it('the QA plans in docs/qa-paths are what the models generate now (run `npm run qa:paths`)', () => {
    const stale: string[] = [];
    for (const model of pathModels) {
      const paths = generatePaths(model);
      const expected = qaDocument(model, paths, uncoveredTransitions(model, paths));
      let actual = '';
      try {
        actual = readFileSync(join(PLANS, `${model.name}.md`), 'utf8');
      } catch {
        // missing: stale
      }
      if (actual !== expected) stale.push(`${model.name}.md`);
    }
    const planned = new Set(pathModels.map((m) => `${m.name}.md`).concat('README.md'));
    const orphans = readdirSync(PLANS).filter((f) => !planned.has(f));
    expect(stale, 'stale QA plans').toEqual([]);
    expect(orphans, 'plans without a registered machine').toEqual([]);
  });
});
