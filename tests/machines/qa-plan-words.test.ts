/**
 * The QA plans speak the screen's language (issue 27 item 6): no JSON, no locale keys, no internal
 * state, counts with their plural, a "How to arrange" line under every server answer, and for
 * Digit Bet a roll a tester can really arrange (the client seed the plan names rolls the digit under
 * the demo's server seed) and a countdown as a person sees it.
 */
import { describe, expect, it } from 'vitest';
import core from '../../locales/en.json';
import extra from '../../locales/extra/en.json';
import { pathModels } from '../support/machine-registry';
import { uncoveredTransitions } from '../support/path-coverage';
import { qaDocument, qaPlan } from '../support/path-text';
import { isServerAnswer } from '../support/qa-arrange';
import { clientSeedRolling, documentedRoll, QA_DIGIT_SERVER_SEED } from '../support/qa-demo';
import { en } from '../support/qa-words';
import { generatePaths } from '../support/paths';

const plans = pathModels.map((model) => {
  const paths = generatePaths(model);
  return { model, paths, text: qaDocument(model, paths, uncoveredTransitions(model, paths)) };
});
const stepLines = (text: string) => text.split('\n').filter((line) => /^\d+\. \*\*(Given|When|And|Then)\*\*/.test(line));
const NAMESPACES = [...Object.keys(core), ...Object.keys(extra)].join('|');
const LOCALE_KEY = new RegExp(`\\b(?:${NAMESPACES})\\.[a-z][A-Za-z_]*\\b`);
const ONE_PLURAL = /\b1 (bets|numbers|rows|lines|banners|games|paths|accounts|requests|seconds|minutes|winners|items|deposits|withdrawals|errors|pages)\b/;

describe('QA plans in the screen’s words', () => {
  it.each(plans.map((p) => [p.model.name, p] as const))('%s: no JSON, no locale keys, no "1 bets"', (_, { text }) => {
    for (const line of stepLines(text)) {
      expect(line, 'JSON in a step').not.toMatch(/\{"|\["/);
      expect(line, 'a locale key instead of its words').not.toMatch(LOCALE_KEY);
      expect(line, 'a count of one with a plural noun').not.toMatch(ONE_PLURAL);
    }
  });

  it.each(plans.map((p) => [p.model.name, p] as const))('%s: every server answer a path needs says how to arrange it', (_, { text, model, paths }) => {
    const planned = qaPlan(model, paths);
    const answers = planned.flatMap((p) => p.path.steps.filter(isServerAnswer)).length;
    expect(text.match(/^ {3}- How to arrange \(before step \d+\): /gm)?.length ?? 0).toBe(answers);
  });

  const digit = plans.find((p) => p.model.name === 'digit-bet')!.text;

  it('digit-bet: the roll of 7 is arranged with a client seed that rolls 7 under the demo server seed', () => {
    const seed = clientSeedRolling(7);
    expect(documentedRoll(QA_DIGIT_SERVER_SEED, seed, 0)).toBe(7);
    expect(digit).toContain(`type “${seed}” in “${en('fair.clientSeed')}”`);
    expect(digit).toContain(`DEMO_DIGIT_SERVER_SEED=${QA_DIGIT_SERVER_SEED}`);
  });

  it('digit-bet: a second after the choice the countdown says 89, and the refusal is the locale’s words', () => {
    expect(digit).toMatch(/\*\*And\*\* a second passes\n(?: {3}- .*\n)?\d+\. \*\*Then\*\* .*“Rolling in 89\.\.\.”/);
    expect(digit).toContain('“❌ Insufficient Balance”');
    expect(digit).toMatch(/the bet history lists 1 bet\b/);
  });
});
