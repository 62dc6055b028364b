/**
 * A QA plan (docs/qa-paths/<flow>.md) read the way a tester reads it: the setup lines, each start
 * with its own arrangement, each path's numbered steps — Given/When/And/Then, the action before
 * "→", the screen after it with its quoted words (“…”) — and the "How to arrange" lines, each
 * due before a step. Nothing here knows a machine: the journey only has the file.
 */
import { readFileSync } from 'node:fs';

export interface PlanStep {
  number: number;
  verb: 'Given' | 'When' | 'And' | 'Then';
  /** What the tester does (When/And), null for Given/Then. */
  action: string | null;
  /** What the screen shows after it, null on the last action (the Then says it). */
  screen: string | null;
  /** The words in quotes, in order, that must be on screen. */
  words: string[];
}

export interface Arrangement {
  /** Do it before this step (1: before opening the page). */
  before: number;
  /** The step it is written under ("… after this step" means after that one). */
  under: number;
  text: string;
}

export interface PlanPath {
  heading: string;
  start: string;
  startArrange: string[];
  steps: PlanStep[];
  arrangements: Arrangement[];
}

export interface Plan {
  title: string;
  setup: string[];
  paths: PlanPath[];
}

const STEP = /^(\d+)\. \*\*(Given|When|And|Then)\*\* (.*)$/;
const ARRANGE = /^ {3}- How to arrange(?: \(before step (\d+)\))?: (.*)$/;

/** Every “quoted” piece of a screen description. */
export const quotedWords = (text: string) => [...text.matchAll(/“([^”]*)”/g)].map((m) => m[1]!);

function stepOf(line: RegExpExecArray): PlanStep {
  const [, n, verb, rest] = line as unknown as [string, string, PlanStep['verb'], string];
  const acts = verb === 'When' || verb === 'And';
  const arrow = rest.indexOf(' → ');
  const action = acts ? (arrow >= 0 ? rest.slice(0, arrow) : rest) : null;
  const screen = acts ? (arrow >= 0 ? rest.slice(arrow + 3) : null) : rest;
  return { number: Number(n), verb, action, screen, words: screen ? quotedWords(screen) : [] };
}

export function readPlan(file: string): Plan {
  const lines = readFileSync(file, 'utf8').split('\n');
  const plan: Plan = { title: lines[0]!.replace(/^# /, ''), setup: [], paths: [] };
  let start = '';
  let startArrange: string[] = [];
  let path: PlanPath | null = null;
  for (const line of lines) {
    if (line.startsWith('## Starting from ')) {
      start = line.slice('## Starting from '.length);
      startArrange = [];
      path = null;
    } else if (line.startsWith('- How to arrange: ')) {
      (start ? startArrange : plan.setup).push(line.slice('- How to arrange: '.length));
    } else if (line.startsWith('### ')) {
      path = { heading: line.slice(4), start, startArrange, steps: [], arrangements: [] };
      plan.paths.push(path);
    } else if (path && STEP.test(line)) {
      path.steps.push(stepOf(STEP.exec(line)!));
    } else if (path && ARRANGE.test(line)) {
      const [, before, text] = ARRANGE.exec(line)!;
      const under = path.steps.at(-1)!.number;
      path.arrangements.push({ before: before ? Number(before) : under, under, text: text! });
    }
  }
  return plan;
}
