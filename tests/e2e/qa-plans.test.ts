import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digitVocabulary } from './support/qa-plan-digit';
import { twoDVocabulary } from './support/qa-plan-two-d';
import { readPlan } from './support/qa-plan-reader';
import { runPlanPath, type PlanVocabulary } from './support/qa-plan-runner';

/**
 * The QA plans a person runs on a demo install, run as written (issue 27 item 6): the journey reads
 * the plans listed below from docs/qa-paths/ and does what each path's lines say — a fresh demo
 * install started with the plan's settings, the demo player signed in, every "How to arrange" done
 * before its step, every action — and after every step looks for the plan's quoted words on the
 * page. A line the journey has no words for fails its path.
 */
const PLANS = join(__dirname, '..', '..', 'docs', 'qa-paths');

const plans: Array<[file: string, vocabulary: PlanVocabulary]> = [
  ['digit-bet.md', digitVocabulary],
  ['two-d-bet.md', twoDVocabulary],
];

for (const [file, vocabulary] of plans) {
  describe(`QA plan docs/qa-paths/${file}, as written`, () => {
    const plan = readPlan(join(PLANS, file));
    it('is readable: paths from a Given to a Then, the demo install and the account in its setup', () => {
      expect(plan.paths.length).toBeGreaterThan(5);
      for (const path of plan.paths) expect([path.steps[0]?.verb, path.steps.at(-1)?.verb], path.heading).toEqual(['Given', 'Then']);
      expect(plan.setup.join('\n')).toMatch(/npm start`[\s\S]*user name "[^"]+", password "[^"]+"/);
    });
    for (const path of plan.paths) {
      it(path.heading, () => runPlanPath(plan.setup, path, vocabulary), 180_000);
    }
  });
}
