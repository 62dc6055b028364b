/**
 * Paths as numbered human steps for QA (docs/qa-paths/<flow>.md):
 * Given <initial state>, When <first event> → <state>, And <event> → <state>, …, Then <end state>.
 * A plan holds the fewest paths that still take every transition the generated paths take (the
 * tests replay all of them); steps are in the screen's English words (quoted “…”, from the locale
 * files), without the machine's state ids. Under every server answer a "How to arrange" line says
 * how a tester makes a demo install answer so, and before which step (the one that sent the
 * request); the plan's setup and each start say which install, account and page.
 * tests/e2e/qa-plans.test.ts runs the plans as written.
 */
import { modelTransitions, transitionsTakenBy } from './path-coverage';
import { genericArrange, isServerAnswer } from './qa-arrange';
import type { MachinePath, PathModel } from './paths';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A small set of paths taking every transition that `paths` take: greedily the path that adds
 * the most transitions not yet taken (the shorter on a tie), in the generated order.
 */
export function coveringPaths(model: PathModel, paths: MachinePath[]): MachinePath[] {
  const taken = paths.map((path) => transitionsTakenBy(model.machine, path));
  const missing = new Set(taken.flatMap((set) => [...set]));
  const chosen = new Set<number>();
  while (missing.size > 0) {
    let best = -1;
    let gain = 0;
    taken.forEach((set, i) => {
      const adds = [...set].filter((t) => missing.has(t)).length;
      if (adds > gain || (adds === gain && adds > 0 && paths[i]!.steps.length < paths[best]!.steps.length)) [best, gain] = [i, adds];
    });
    chosen.add(best);
    for (const t of taken[best]!) missing.delete(t);
  }
  return paths.filter((_, i) => chosen.has(i));
}

/** The plan's step number (the Given is 1) at which the request answered in `steps[i]` was sent. */
function sentAt(path: MachinePath, i: number): number {
  const id = path.steps[i]!.event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  const snapshots = [path.initial, ...path.steps.map((s) => s.snapshot)];
  const running = (k: number) => id in (snapshots[k]!.children ?? {});
  // Back from the step before the answer to the step that started the request (snapshot k ran it, k − 1 did not).
  for (let k = i; k >= 1; k--) if (running(k) && !running(k - 1)) return k + 1;
  return running(0) ? 1 : i + 1;
}

/** "How to arrange" for a server answer: the model's words, else the generic ones; where it must happen. */
function arrangeLine(model: PathModel, path: MachinePath, i: number): string | null {
  const step = path.steps[i]!;
  if (!isServerAnswer(step)) {
    const own = model.arrange?.(step, path.steps.slice(0, i));
    return own ? `   - How to arrange: ${own}` : null;
  }
  const text = model.arrange?.(step, path.steps.slice(0, i)) ?? genericArrange(step);
  return `   - How to arrange (before step ${sentAt(path, i)}): ${text}`;
}

export function pathSteps(model: PathModel, path: MachinePath): string[] {
  const say = (snapshot: MachinePath['initial'], upTo: number) => model.describeState(snapshot as never, path.steps.slice(0, upTo));
  const lines = [`1. **Given** ${say(path.initial, 0)}`];
  path.steps.forEach((step, i) => {
    const verb = i === 0 ? 'When' : 'And';
    const last = i === path.steps.length - 1;
    lines.push(`${i + 2}. ${last ? `**${verb}** ${step.phrase}` : `**${verb}** ${step.phrase} → ${say(step.snapshot, i + 1)}`}`);
    const arrange = arrangeLine(model, path, i);
    if (arrange) lines.push(arrange);
  });
  const end = path.steps.at(-1)?.snapshot;
  if (end) lines.push(`${path.steps.length + 2}. **Then** ${say(end, path.steps.length)}`);
  return lines;
}

/** A path of a QA plan with its number and heading ("3. They open the account chooser → …"). */
export interface PlannedPath {
  number: number;
  heading: string;
  path: MachinePath;
}

/**
 * The QA plan: the covering paths, numbered and headed in the order docs/qa-paths/<flow>.md lists
 * them (by start). Browser journeys iterate this too, so a journey is named as its plan entry.
 */
export function qaPlan(model: PathModel, allPaths: MachinePath[]): PlannedPath[] {
  const paths = coveringPaths(model, allPaths);
  const ordered = model.starts.flatMap((start) => paths.filter((p) => p.start === start));
  return ordered.map((path, i) => ({ number: i + 1, heading: `${i + 1}. ${capitalise(path.title) || 'Opening state'}`, path }));
}

/** The plans' reading instructions (the browser journey tests/e2e/qa-plans.test.ts reads plans by the same rules). */
const HOW_TO_READ =
  'How to read: each step says what the tester does, then what the screen shows in its English words (in quotes, exactly as on screen). A "How to arrange" line says how to make a demo install answer as a step needs, and before which step to do it.';

export function qaDocument(model: PathModel, allPaths: MachinePath[], uncovered: string[]): string {
  const declared = modelTransitions(model).length;
  const plan = qaPlan(model, allPaths);
  const out = [
    `# ${model.title}: QA plan`,
    '',
    `Generated by \`npm run qa:paths\` from \`${model.source}\`; do not edit by hand.`,
    `${plan.length} paths cover ${declared - uncovered.length} of ${declared} declared transitions (chosen from the ${allPaths.length} generated paths that \`tests/machines/${model.name}.paths.test.ts\` replays against the live machine).`,
  ];
  if (uncovered.length) out.push('', '**Not covered by any path:**', '', ...uncovered.map((t) => `- ${t}`));
  out.push('', HOW_TO_READ);
  if (model.setup?.length) out.push('', '## Before every path', '', ...model.setup.map((line) => `- How to arrange: ${line}`));
  for (const start of model.starts) {
    out.push('', `## Starting from ${start.name}`);
    if (start.arrange) out.push('', `- How to arrange: ${start.arrange}`);
    for (const { heading, path } of plan.filter((p) => p.path.start === start)) {
      out.push('', `### ${heading}`, '', ...pathSteps(model, path));
    }
  }
  return out.join('\n') + '\n';
}
